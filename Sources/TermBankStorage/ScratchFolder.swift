import TermBankSystem

/// A new folder for scratch files (a benchmark's database, a test's files),
/// made by `mkdtemp(3)`: an unpredictable name, mode 0700, and an error rather
/// than reuse if the name exists. A predictable `/tmp/name-PID` lets anyone on
/// the machine make that path first, as a folder they own or a symlink, and
/// have a process that runs as root write where they choose.
public enum ScratchFolder {
    /// `$TMPDIR/PREFIX-XXXXXX` (else /tmp); removing it is the caller's job.
    public static func make(_ prefix: String) throws -> String {
        try Files.makeTemporaryDirectory(prefix: prefix)
    }
}
