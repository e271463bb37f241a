# One image for the API (which also serves both SPAs) and the workers; the command picks the role.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/domain/package.json services/domain/
COPY services/db/package.json services/db/
COPY services/projections/package.json services/projections/
COPY services/runtime/package.json services/runtime/
COPY services/api/package.json services/api/
COPY workers/package.json workers/
COPY web-storefront/package.json web-storefront/
COPY web-admin/package.json web-admin/
COPY infra/package.json infra/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
# Photos live in a volume shared by the API and the workers; a new named volume takes this directory's owner.
RUN mkdir -p /var/lib/autobest/uploads && chown node:node /var/lib/autobest/uploads
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
