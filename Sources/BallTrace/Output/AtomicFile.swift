import FoundationEssentials
import Glibc

/// Writes a file so that no reader ever sees it half-written: the bytes go to a temporary file
/// beside the target, which is renamed over it only once complete.
package enum AtomicFile {
    package static func write(_ data: Data, to path: String) throws(MediaError) {
        let url = URL(fileURLWithPath: path)
        let temporary = temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw .cannotWrite(path: path, reason: reasonForFailedCreate(at: url))
        }
        try moveIntoPlace(temporary, as: path)
    }

    /// Renames a complete temporary file over `path` (removing it if that fails): the last step
    /// of every output balltrace writes, the overlay video's included.
    package static func moveIntoPlace(_ temporary: String, as path: String) throws(MediaError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Throws when `path` cannot be written: its folder is missing, not writable, read-only, or
    /// the path is a folder. Checked before a long analysis rather than after it, by creating
    /// and removing the temporary file the output will be written to.
    /// Creates the folder `path` and any missing above it (nothing when it exists); throws what
    /// stopped it in the user's terms (the C library's words for the failure, "Permission
    /// denied", "Not a directory").
    package static func createFolder(_ path: String) throws(MediaError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
            let reason = code.map { String(cString: strerror($0)) } ?? "\(error)"
            throw .cannotWrite(path: path, reason: "the folder cannot be created: \(reason)")
        }
    }

    package static func checkWritableFolder(for path: String) throws(MediaError) {
        if let reason = unwritableFolderReason(for: path) { throw .cannotWrite(path: path, reason: reason) }
        if isFolder(path) {
            throw .cannotWrite(path: path, reason: "it is a folder")
        }
        let probe = temporaryPath(for: path)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let reason = errno == EACCES || errno == EPERM
                ? "no permission to write in '\(folder)'" : "cannot create files in '\(folder)': \(String(cString: strerror(errno)))"
            throw .cannotWrite(path: path, reason: reason)
        }
        close(descriptor)
        unlink(probe)
    }

    /// The temporary file beside `path` that becomes it once complete: hidden, named after the
    /// target and this process, ending in `suffix` (an extension a writer needs).
    static func temporaryPath(for path: String, suffix: String = "") -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial\(suffix)").path
    }

    private static func reasonForFailedCreate(at url: URL) -> String {
        unwritableFolderReason(for: url.path) ?? "the file could not be created"
    }
}

/// Why files cannot be created beside `path`, in the user's terms; nil when they can.
func unwritableFolderReason(for path: String) -> String? {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard isFolder(folder) else {
        return "folder '\(folder)' does not exist"
    }
    guard FileManager.default.isWritableFile(atPath: folder) else { return "no permission to write in '\(folder)'" }
    return nil
}

/// Whether `path` names a folder (a link to one counts).
private func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
}
