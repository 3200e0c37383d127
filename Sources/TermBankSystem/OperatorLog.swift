import Glibc

/// The operator's log: syslog(3), which journald or rsyslog keep beside
/// sshd's own lines. For what the operator must know and the one at the
/// terminal must not (over SSH, standard error is a remote user's screen).
/// A host without a syslog socket drops the line, as syslog(3) does.
public enum OperatorLog {
    /// One line at `LOG_ERR`, under the program's name and process id.
    public static func error(_ line: String) {
        openlog(nil, LOG_PID, LOG_USER)
        line.withCString { text in
            withVaList([text]) { vsyslog(LOG_ERR, "%s", $0) }
        }
        closelog()
    }
}
