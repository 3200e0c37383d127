import TermBankCLI
import TermBankSystem

/// `bench ui --before PATH`: an earlier termbank measured in the same rounds
/// as the current one, so a change's effect is read side by side on the same
/// machine at the same moment, not across two runs of a noisy host.
extension UIBenchmark {
    /// One termbank's figures from one run.
    struct Comparison {
        let startup: [Double]
        let version: [Double]
        let megabytes: Double
        let resting: Resting
    }

    /// `before_*` figures, their ratios to dialog, and after / before.
    static func printBefore(_ before: Comparison, after: Comparison,
                            dialog: (startup: Double, version: Double, rest: ProcessMemory), console: Console) {
        let (startBefore, startAfter) = (median(before.startup), median(after.startup))
        let (versionBefore, versionAfter) = (median(before.version), median(after.version))
        let (restBefore, restAfter) = (before.resting.one, after.resting.one)
        func ratio(_ a: Double, _ b: Double) -> String { format(b == 0 ? 0 : a / b) }
        func ratio(_ a: Int, _ b: Int) -> String { ratio(Double(a), Double(b)) }
        console.print("before_startup_ms=\(format(startBefore)) before_version_ms=\(format(versionBefore)) "
                      + "before_binary_mb=\(format(before.megabytes)) before_rest_rss_anon_kib=\(restBefore.rssAnon) "
                      + "before_rest_rss_file_kib=\(restBefore.rssFile) before_rest_pss_kib=\(restBefore.pss) "
                      + "before_sessions_pss_kib=\(before.resting.all.pss) before_sessions_pss_anon_kib=\(before.resting.all.pssAnon)")
        console.print("before_startup_ratio=\(ratio(startBefore, dialog.startup)) before_version_ratio=\(ratio(versionBefore, dialog.version)) "
                      + "before_rss_anon_ratio=\(ratio(restBefore.rssAnon, dialog.rest.rssAnon)) "
                      + "before_rss_file_ratio=\(ratio(restBefore.rssFile, dialog.rest.rssFile))")
        console.print("after_over_before_startup=\(ratio(startAfter, startBefore)) after_over_before_version=\(ratio(versionAfter, versionBefore)) "
                      + "after_over_before_binary=\(ratio(after.megabytes, before.megabytes)) "
                      + "after_over_before_rss_anon=\(ratio(restAfter.rssAnon, restBefore.rssAnon)) "
                      + "after_over_before_rss_file=\(ratio(restAfter.rssFile, restBefore.rssFile)) "
                      + "after_over_before_sessions_pss=\(ratio(after.resting.all.pss, before.resting.all.pss))")
    }

    /// An executable file given with `--OPTION PATH`, as an absolute path.
    static func executable(_ path: String, option: String) throws -> String {
        guard Files.isExecutable(path), let resolved = Paths.resolved(path) else {
            throw CommandFailure("--\(option) \(Console.quoted(path)) is not an executable file.", code: .noInput)
        }
        return resolved
    }
}
