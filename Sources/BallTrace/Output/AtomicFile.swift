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

    private static func reasonForFailedCreate(at url: URL) -> String {
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return "folder '\(folder)' does not exist"
        }
        if !FileManager.default.isWritableFile(atPath: folder) { return "no permission to write in '\(folder)'" }
        return "the file could not be created"
    }
}
