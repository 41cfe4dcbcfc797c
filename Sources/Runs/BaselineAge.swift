import Foundation
import Reports

/// How far behind a committed baseline is: the commit it was recorded at, how many
/// commits HEAD has since, and on how many scenarios counts moved since — said wherever
/// the file is compared with, so that a drifting baseline is never taken for the change.
public enum BaselineAge {
    /// "Results/baseline.json was recorded at 86401d8, 19 commits behind HEAD; counts
    /// moved since on 4 scenarios …", or `nil` when its commit is unknown.
    public static func note(_ path: String, _ baseline: Report, _ rows: [ComparisonRow]) -> String? {
        let commit = baseline.environment.commit
        guard !commit.isEmpty, commit != "unknown" else { return nil }
        var text = "\(path) was recorded at \(commit.prefix(12))"
        if let root = try? Builds.repositoryRoot(),
            let behind = Builds.run(["git", "rev-list", "--count", "\(commit)..HEAD"], in: root).output
        {
            text += behind == "0" ? ", HEAD's commit" : ", \(behind) commit\(behind == "1" ? "" : "s") behind HEAD"
        }
        let moved = Set(GateSummary(rows).movedRows.map(\.scenario)).count
        text +=
            moved == 0
            ? "; no count moved since" : "; counts moved since on \(moved) scenario\(moved == 1 ? "" : "s")"
        return text
            + " (a gate on the change measures its base in the job: --base REV; 'foldbench baseline update' records the file again)"
    }
}
