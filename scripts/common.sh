# Shared by the scripts: install what is missing (Debian), quietly.
ensure_packages() {
    local missing=()
    pkg-config --exists jemalloc 2>/dev/null || missing+=(libjemalloc-dev)
    command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
    for extra in "$@"; do
        command -v "$extra" >/dev/null 2>&1 || missing+=("$extra")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing: ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}
