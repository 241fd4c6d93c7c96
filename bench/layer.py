"""Channel layer over one and over two Redis shards: group messages/s, delivery latency, Redis CPU.

    python -m bench layer [--messages 20000] [--groups 200] [--sockets 4] [--receivers 2]
                          [--publishers 2] [--shards 1,2] [--timeout 120]

Starts its own redis-server children on free ports of 127.0.0.1 (stopped at the end; no database).
Receivers stand for web processes: each runs the pub/sub layer (channels_redis, as configured by
CHANNEL_REDIS_URLS) with the sockets of every match spread over them (`--sockets` per match, so a
match's group is subscribed in each receiver holding one of its sockets). Publishers stand for the
processes that append moves: each publishes a match update on the group's channel of the shard its
name hashes to, one round trip per message, as games.live.dispatch does. Per shard count it prints the
publishes/s, the socket deliveries/s, the latency from publish to a socket's receive, and the Redis
CPU time per publish (the whole-core limit of a shard is 1 s divided by it).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import time
from pathlib import Path
from typing import Any

PREFIX = "asgi"


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench layer")
    parser.add_argument("--messages", type=int, default=20_000, help="group messages published in all")
    parser.add_argument("--groups", type=int, default=200, help="matches (channel groups)")
    parser.add_argument("--sockets", type=int, default=4, help="sockets per match")
    parser.add_argument("--receivers", type=int, default=2, help="processes holding the sockets")
    parser.add_argument("--publishers", type=int, default=2, help="processes publishing")
    parser.add_argument("--shards", default="1,2", help="Redis server counts to compare")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per run at most")
    args = parser.parse_args(argv)

    import tempfile

    from bench.table import percentile, print_table
    from tests.live.cluster import RedisServer

    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for shards in [int(n) for n in args.shards.split(",")]:
            servers = [RedisServer(Path(workdir)) for _ in range(shards)]
            try:
                for server in servers:
                    server.start()
                result = _measure(args, [server.url for server in servers])
            finally:
                for server in servers:
                    server.kill()
            lat = result["latencies"]
            rows.append(
                [
                    shards,
                    f"{result['published'] / result['publish_s']:,.0f}",
                    f"{result['delivered'] / result['deliver_s']:,.0f}",
                    f"{result['delivered']:,} / {result['expected']:,}",
                    f"{percentile(lat, 50) * 1000:.1f} / {percentile(lat, 95) * 1000:.1f}",
                    f"{result['redis_cpu_s'] / result['published'] * 1e6:.1f}",
                ]
            )
    print_table(
        f"channel layer: {args.messages:,} group messages to {args.groups} matches x {args.sockets} sockets, "
        f"{args.receivers} receiving and {args.publishers} publishing processes",
        [
            "Redis shards",
            "publishes/s",
            "socket deliveries/s",
            "delivered",
            "latency p50 / p95 ms",
            "Redis CPU µs per publish",
        ],
        rows,
    )


def _measure(args: argparse.Namespace, urls: list[str]) -> dict[str, Any]:
    ctx = mp.get_context("spawn")  # fresh interpreters: no event loop or connection pool inherited
    ready, results = ctx.Queue(), ctx.Queue()
    go = ctx.Event()
    # Socket s of match g sits in receiver (g + s) % receivers.
    placement: list[list[tuple[int, int]]] = [[] for _ in range(args.receivers)]
    for group in range(args.groups):
        for socket in range(args.sockets):
            placement[(group + socket) % args.receivers].append((group, socket))
    per_publisher = args.messages // args.publishers
    published = per_publisher * args.publishers
    # Each receiver gets every message of each match it holds a socket of, once per socket.
    expected = [
        sum(_messages_to(group, args.groups, published) for group, _ in sockets) for sockets in placement
    ]
    receivers = [
        ctx.Process(target=_receive, args=(urls, sockets, expected[i], args.timeout, ready, results))
        for i, sockets in enumerate(placement)
    ]
    for proc in receivers:
        proc.start()
    for _ in receivers:
        ready.get(timeout=60)
    cpu_before = _redis_cpu(urls)
    publishers = [
        ctx.Process(target=_publish, args=(urls, i, args.publishers, per_publisher, args.groups, go, results))
        for i in range(args.publishers)
    ]
    for proc in publishers:
        proc.start()
    started = time.time()
    go.set()
    outcomes = [results.get(timeout=args.timeout + 60) for _ in range(args.receivers + args.publishers)]
    for proc in receivers + publishers:
        proc.join(timeout=10)
        if proc.is_alive():
            proc.kill()
    sent = [o for o in outcomes if o["kind"] == "publisher"]
    got = [o for o in outcomes if o["kind"] == "receiver"]
    return {
        "published": published,
        "publish_s": max(o["ended"] for o in sent) - started,
        "delivered": sum(o["count"] for o in got),
        "expected": sum(expected),
        "deliver_s": max(o["ended"] for o in got) - started,
        "latencies": [lat for o in got for lat in o["latencies"]],
        "redis_cpu_s": _redis_cpu(urls) - cpu_before,
    }


def _messages_to(group: int, groups: int, published: int) -> int:
    """Messages go round-robin over the matches."""
    return published // groups + (1 if group < published % groups else 0)


def _redis_cpu(urls: list[str]) -> float:
    import redis

    total = 0.0
    for url in urls:
        client = redis.Redis.from_url(url)
        info = client.info("cpu")
        total += float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
        client.close()
    return total


def _publish(
    urls: list[str], index: int, publishers: int, count: int, groups: int, go: Any, results: Any
) -> None:
    import redis
    from channels_redis.pubsub import RedisPubSubChannelLayer
    from channels_redis.utils import _consistent_hash

    layer = RedisPubSubChannelLayer(hosts=urls)
    clients = [redis.Redis.from_url(url) for url in urls]
    go.wait()
    for i in range(count):
        n = index + i * publishers
        channel = f"{PREFIX}__group__match.{n % groups}"
        message = {"type": "match.update", "seq": n, "status": "running", "sent": time.time()}
        clients[_consistent_hash(channel, len(urls))].publish(channel, layer.serialize(message))
    results.put({"kind": "publisher", "ended": time.time()})


def _receive(
    urls: list[str], sockets: list[tuple[int, int]], expected: int, timeout: float, ready: Any, results: Any
) -> None:
    asyncio.run(_receive_async(urls, sockets, expected, timeout, ready, results))


async def _receive_async(
    urls: list[str], sockets: list[tuple[int, int]], expected: int, timeout: float, ready: Any, results: Any
) -> None:
    from channels_redis.pubsub import RedisPubSubChannelLayer

    layer = RedisPubSubChannelLayer(hosts=urls, prefix=PREFIX)
    latencies: list[float] = []
    count = 0
    done = asyncio.Event()
    ended = time.time()

    async def socket(channel: str) -> None:
        nonlocal count, ended
        while True:
            message = await layer.receive(channel)
            now = time.time()
            count += 1
            if count % 10 == 0:  # a sample keeps the result small
                latencies.append(now - message["sent"])
            if count >= expected:
                ended = now
                done.set()

    tasks = []
    for group, _ in sockets:
        channel = await layer.new_channel()
        await layer.group_add(f"match.{group}", channel)
        tasks.append(asyncio.create_task(socket(channel)))
    await asyncio.sleep(0.5)  # the subscriptions are on the servers
    ready.put(True)
    try:
        await asyncio.wait_for(done.wait(), timeout)
    except TimeoutError:
        ended = time.time()
    for task in tasks:
        task.cancel()
    results.put({"kind": "receiver", "count": count, "ended": ended, "latencies": latencies})
    await layer.flush()
