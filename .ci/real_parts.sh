# Sourced by .ci/run: the real parts the tests drive (issue 13 items 8, 9), made ready on a
# fresh Debian machine: Chromium and a PostgreSQL server installed with apt-get when missing,
# the newest cluster started, a role and a database for the tests (made once, kept), the
# NATS server the cluster tests start (issue 25), and the
# environment the tests read (tests/real_parts.py): where the server is, and that a missing
# part is a failure here, not a skip.

TEST_ROLE=pokerroom_test  # role, password and database alike: a throwaway local test server

ci_say() { echo "ci: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else ci_say "need root (or sudo) to run: $*"; return 1
    fi
}

as_postgres() {  # a shell command as the postgres superuser, from a directory it may read
    if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "cd / && $1"
    else sudo -u postgres sh -c "cd / && $1"
    fi
}

nats_server_path() {  # Debian puts nats-server in /usr/sbin, off a plain user's PATH
    command -v nats-server || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; }
}

install_missing() {
    local missing=() log
    command -v chromium >/dev/null || missing+=(chromium)
    compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing+=(postgresql)
    nats_server_path >/dev/null || missing+=(nats-server)
    [ ${#missing[@]} -eq 0 ] && return 0
    ci_say "installing ${missing[*]} with apt-get"
    log=$(mktemp)
    if ! { as_root apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } \
        >"$log" 2>&1; then
        ci_say "apt-get could not install ${missing[*]}; its last lines:"
        tail -n 20 "$log" >&2
        return 1
    fi
    command -v chromium >/dev/null || { ci_say "chromium is installed but not on the PATH"; return 1; }
}

start_postgres() {  # sets PG_PORT: the newest cluster, made if there is none, started
    local version name port status
    read -r version name port status _ < <(pg_lsclusters -h | sort -k1,1 -rn | head -n 1) || true
    if [ -z "${version:-}" ]; then
        version=$(basename "$(compgen -G "/usr/lib/postgresql/*" | sort -V | tail -n 1)")
        name=main
        ci_say "creating PostgreSQL cluster $version/$name"
        as_root pg_createcluster "$version" "$name" >/dev/null
        read -r version name port status _ < <(pg_lsclusters -h | grep "^$version $name ")
    fi
    if [ "$status" != online ]; then
        ci_say "starting PostgreSQL $version/$name on port $port"
        as_root pg_ctlcluster "$version" "$name" start
    fi
    PG_PORT=$port
}

create_test_database() {
    as_postgres "psql -p $PG_PORT -v ON_ERROR_STOP=1 -qAtX" <<SQL
SELECT 'CREATE ROLE $TEST_ROLE LOGIN' WHERE NOT EXISTS
    (SELECT FROM pg_roles WHERE rolname = '$TEST_ROLE')\gexec
ALTER ROLE $TEST_ROLE PASSWORD '$TEST_ROLE';
SELECT 'CREATE DATABASE $TEST_ROLE OWNER $TEST_ROLE' WHERE NOT EXISTS
    (SELECT FROM pg_database WHERE datname = '$TEST_ROLE')\gexec
SQL
}

install_missing
start_postgres
create_test_database
export POKERROOM_TEST_POSTGRES="postgresql+psycopg://$TEST_ROLE:$TEST_ROLE@localhost:$PG_PORT/$TEST_ROLE"
export POKERROOM_REQUIRE_REAL=1
POKERROOM_TEST_NATS_SERVER=$(nats_server_path)  # the cluster tests start their own brokers
export POKERROOM_TEST_NATS_SERVER
ci_say "real parts ready: $(chromium --version 2>/dev/null | head -n 1); PostgreSQL on port $PG_PORT"
