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

# Makes DIR/libjemalloc.so.2, a stand-in whose only function, mallctl, reports that
# no counter exists: builds with AddressSanitizer load it (through an rpath) instead
# of jemalloc, whose malloc and operator new would mix with the sanitizer's free.
jemalloc_stub() {
    mkdir -p "$1"
    printf '%s\n' '#include <errno.h>' '#include <stddef.h>' \
        'int mallctl(const char *n, void *o, size_t *ol, void *i, size_t il) { return ENOENT; }' >"$1/stub.c"
    local compiler=cc
    command -v cc >/dev/null 2>&1 || compiler=clang  # the Swift toolchain brings clang
    "$compiler" -shared -fPIC -Wl,-soname,libjemalloc.so.2 -o "$1/libjemalloc.so.2" "$1/stub.c"
}

# Writes DIR/history.csv and DIR/latest.json from a short real run of FOLDBENCH (one
# small scenario: fast and the floor), for scripts that build big inputs from them:
# the columns and fields are foldbench's own, never a copy that can drift.
real_run_template() {  # FOLDBENCH DIR
    mkdir -p "$2"
    "$1" run --scenario fold-cycle/balanced-d1/iphone-duo --variant fast --time-per-scenario 0.05 --frames 12 \
        --record --out "$2" >/dev/null 2>"$2/template-run.log"
}

# The compile flags of `foldbench ab`'s code layouts (CodeLayouts.compileFlags, which a test
# holds this list to): .ci/run builds the checkout with them into .build/layouts, where ab
# links its layouts from, so that the time gate does not compile the checkout again.
layout_flags=(
    -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xswiftc -Xllvm -Xswiftc -align-all-functions=6
    -Xswiftc -use-ld=lld
)
