import Foundation

/// Writes a file so that no reader ever sees it half-written: the bytes go to a temporary file
/// beside the target, which is renamed over it only once complete.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(MediaError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw .cannotWrite(path: path, reason: reasonForFailedCreate(at: url))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// Throws when the folder `path` would be written into is missing or not writable: checked
    /// before a long analysis rather than after it.
    public static func checkWritableFolder(for path: String) throws(MediaError) {
        if let reason = unwritableFolderReason(for: path) { throw .cannotWrite(path: path, reason: reason) }
    }

    private static func reasonForFailedCreate(at url: URL) -> String {
        unwritableFolderReason(for: url.path) ?? "the file could not be created"
    }
}

/// Why files cannot be created beside `path`, in the user's terms; nil when they can.
func unwritableFolderReason(for path: String) -> String? {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        return "folder '\(folder)' does not exist"
    }
    guard FileManager.default.isWritableFile(atPath: folder) else { return "no permission to write in '\(folder)'" }
    return nil
}
