# looplint in a container: docker build --build-arg VERSION=$(git describe --tags --always) -t looplint . ;
# docker run --rm -v "$PWD:/src" -w /src looplint check ./...
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /looplint ./cmd/looplint

FROM gcr.io/distroless/static-debian12
COPY --from=build /looplint /usr/local/bin/looplint
ENTRYPOINT ["/usr/local/bin/looplint"]
CMD ["check", "./..."]
