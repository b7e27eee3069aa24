internal import CFFmpeg
import FoundationEssentials
import Glibc

/// Why an input cannot be opened, in the user's terms rather than FFmpeg's error codes.
enum InputFileCheck {
    /// What is wrong with a local file before FFmpeg is asked to open it: missing, a folder,
    /// unreadable or empty. Nil when nothing is, and for inputs that are not local files
    /// (`rtsp://…`, a device FFmpeg opens by URL).
    static func problem(with path: String) -> String? {
        guard !path.contains("://") else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case ENOENT: return "no such file"
            case EACCES: return "no permission to reach it"
            default: return String(cString: strerror(errno))
            }
        }
        if status.st_mode & S_IFMT == S_IFDIR { return "it is a folder, not a video file" }
        guard access(path, R_OK) == 0 else { return "no permission to read it" }
        if status.st_mode & S_IFMT == S_IFREG && status.st_size == 0 { return "the file is empty (0 bytes)" }
        return nil
    }

    /// FFmpeg's refusal to open a file, explained. FFmpeg's error code is generic ("Invalid
    /// data found when processing input"); the errors it logged while trying say more.
    static func explanation(path: String, status: Int32, ffmpegErrors: [String]) -> String {
        if ffmpegErrors.contains(where: { $0.contains("moov atom not found") }) && startsLikeAnMP4(path) {
            return "the MP4 has no index (no 'moov' box): the file was cut short, or the recording or copy "
                + "never finished; FFmpeg cannot read an MP4 without one"
        }
        if status == bt_averror_invaliddata() {
            return "not a video file FFmpeg recognises"
        }
        // FFmpeg's message says more than its error code ("Picture size 60000x60000 is invalid"
        // comes with EBUSY).
        return ffmpegErrors.last.map { "FFmpeg: \($0)" } ?? ffmpegErrorText(status)
    }

    /// Whether the file begins with an MP4 box (`ftyp`, or media data from a recorder that
    /// writes it first), rather than being some other file named `.mp4`.
    static func startsLikeAnMP4(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 8)
        guard read(descriptor, &header, 8) == 8 else { return false }
        let type = String(decoding: header.suffix(4), as: UTF8.self)
        return ["ftyp", "mdat", "moov", "free", "skip", "wide", "pnot"].contains(type)
    }
}
