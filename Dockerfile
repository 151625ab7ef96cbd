# Roots server image: builds server and client, runs the server (which serves the client).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/server/seed-data ./server/seed-data
COPY --from=build /app/server/assets ./server/assets
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/src/i18n/translations.csv ./client/src/i18n/translations.csv
# The trusted documents (GRAPHQL_TRUSTED_DOCUMENTS, on in production): the operations the client was built with.
COPY --from=build /app/client/src/gql/persisted-documents.json ./client/src/gql/persisted-documents.json
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/health',{headers:{accept:'application/json'}}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "server/dist/main.js"]
