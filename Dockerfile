FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY . .
RUN pip install --no-cache-dir . \
 && DJANGO_SECRET_KEY=build-only DJANGO_SETTINGS_MODULE=config.settings_production python manage.py collectstatic --noinput \
 && useradd --system --no-create-home --uid 10001 --user-group kartentisch
# The code and static files stay root's: the server runs as a user that can change neither.
USER kartentisch
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "config.asgi:application"]
