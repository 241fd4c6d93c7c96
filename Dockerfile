FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY . .
# KARTENTISCH_PURE=1 (--build-arg) installs the AI's search core uncompiled: the pure-Python reference.
ARG KARTENTISCH_PURE=
# PyICU (the look-alike check of player names) compiles against Debian's ICU, and the AI's search core
# is compiled by mypyc (setup.py): the compiler and the headers leave again in the same step, the ICU
# library stays. The processes run the code in /app (daphne and celery put the working directory
# first on sys.path), so the core is built there, in place: an editable install. The build log says
# which search core the image runs.
RUN apt-get update \
 && apt-get install -y --no-install-recommends g++ pkg-config libicu-dev \
 && pip install --no-cache-dir -e . \
 && rm -rf build \
 && python -c 'from games import native; print("core (AI search and the five rules engines):", native.status().describe())' \
 && apt-mark manual $(dpkg-query -W -f '${Package}\n' 'libicu[0-9]*') \
 && apt-get purge -y --auto-remove g++ pkg-config libicu-dev \
 && rm -rf /var/lib/apt/lists/* \
 && DJANGO_SECRET_KEY=build-only DJANGO_SETTINGS_MODULE=config.settings_production python manage.py collectstatic --noinput \
 && useradd --system --no-create-home --uid 10001 --user-group kartentisch
# The code and static files stay root's: the server runs as a user that can change neither.
USER kartentisch
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "config.asgi:application"]
