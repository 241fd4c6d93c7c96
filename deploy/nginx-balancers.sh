#!/bin/sh
# Run by the nginx image before nginx starts (docker-compose.yml mounts it into /docker-entrypoint.d/):
# writes the load balancers named in TRUSTED_LOAD_BALANCERS (addresses or CIDR ranges, separated by
# commas or spaces; empty: none, clients reach the proxy directly) into the file deploy/nginx.conf
# includes: a `set_real_ip_from` for each, and $from_balancer, 1 when the peer is one of them.
# Only their X-Forwarded-For and X-Forwarded-Proto are believed.
set -eu
set -f  # an entry is never a file pattern
out="${TRUSTED_LOAD_BALANCERS_CONF:-/etc/nginx/trusted-balancers.conf}"
realip=""
geo=""
for entry in $(printf '%s' "${TRUSTED_LOAD_BALANCERS:-}" | tr ',' ' '); do
  case "$entry" in
    *[!0-9A-Fa-f.:/]*)  # nothing but an address may reach the config
      echo "$0: TRUSTED_LOAD_BALANCERS: '$entry' is not an address or CIDR range" >&2
      exit 1 ;;
  esac
  realip="${realip}set_real_ip_from ${entry};
"
  geo="${geo}    ${entry} 1;
"
done
{
  echo "# Written at start from TRUSTED_LOAD_BALANCERS by $(basename "$0")."
  printf '%s' "$realip"
  echo 'geo $realip_remote_addr $from_balancer {'
  echo '    default 0;'
  printf '%s' "$geo"
  echo '}'
} > "$out"
