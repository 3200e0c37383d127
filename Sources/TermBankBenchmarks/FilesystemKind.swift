import Glibc
import TermBankSystem

/// Which filesystem a path is on (the longest mount point above it in
/// /proc/mounts), so a benchmark that fsyncs says whether it ran on a disk or
/// in memory (tmpfs, where fsync costs nothing and the figures say nothing
/// about durability).
enum FilesystemKind {
    static func name(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return "filesystem unknown" }
        let full = String(cString: resolved)
        free(resolved)
        var best: (mount: String, type: String, device: String)?
        for line in (Files.readText("/proc/mounts") ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 3 else { continue }
            let mount = fields[1]
            let inside = mount == "/" || full == mount || full.hasPrefix(mount + "/")
            if inside && mount.count >= (best?.mount.count ?? -1) { best = (mount, fields[2], fields[0]) }
        }
        guard let best else { return "filesystem unknown" }
        if best.type == "tmpfs" || best.type == "ramfs" { return "\(best.type): in memory, fsync is free" }
        return "\(best.type) on \(best.device)"
    }
}
