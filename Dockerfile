# balance-lab in a container: the CLI as the entry point. Build: docker build -t balance-lab .
# Run a worker:      docker run --rm balance-lab worker --queue redis://redis:6379
# Coordinate a run:  docker run --rm -v "$PWD:/work" -w /work balance-lab run experiments/x.yaml --queue redis://redis:6379
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
# `prepare` builds dist/ from src/: copy the sources first, then install exactly the locked dependencies.
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
COPY scenarios ./scenarios
COPY experiments ./experiments
COPY templates ./templates
COPY docs ./docs
RUN npm ci && npm prune --omit=dev && rm -rf src
# Workers write nothing outside their temporary folder; run as the image's unprivileged user.
USER node
ENTRYPOINT ["node", "/app/bin/balance-lab.js"]
CMD ["--help"]
