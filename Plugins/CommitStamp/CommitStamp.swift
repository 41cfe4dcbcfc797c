import Foundation
import PackagePlugin

/// Writes the commit the code is built from into the build, so that a binary names its
/// own commit wherever and by whomever it runs (`foldbench --version`, every report),
/// rather than whatever the source folder holds when it runs. A prebuild command runs
/// before every build; the file is rewritten only when the commit or the "uncommitted
/// changes" flag moved, so an unchanged tree compiles nothing again. Outside a git work
/// tree (a tarball) the commit is "unknown".
@main
struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit")
        let script = """
            set -u
            out="$1/BuildCommit.swift"; tree="$2"
            mkdir -p "$1"
            commit=$(git -C "$tree" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            changes=$(git -C "$tree" status --porcelain --untracked-files=no 2>/dev/null) || changes=
            if [ -n "$changes" ]; then dirty=true; else dirty=false; fi
            text="// Written at build time by the CommitStamp plugin (Plugins/CommitStamp).
            let buildCommit = \\"$commit\\"
            let buildHasUncommittedChanges = $dirty"
            if [ "$(cat "$out" 2>/dev/null)" != "$text" ]; then
                printf '%s\\n' "$text" > "$out.$$" && mv -f "$out.$$" "$out"
            fi
            """
        return [
            .prebuildCommand(
                displayName: "Stamping the build with its commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp", output.path, context.package.directoryURL.path],
                outputFilesDirectory: output)
        ]
    }
}
