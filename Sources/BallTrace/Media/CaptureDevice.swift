internal import CFFmpeg
import FoundationEssentials
import Glibc

/// Cameras on Video4Linux (`/dev/video0`): FFmpeg reads them through libavdevice.
///
/// libavdevice is loaded only when a camera is opened. Linked in, it would load about 200
/// more shared libraries (SDL, PulseAudio, X11…) into every run, for every file.
enum CaptureDevice {
    /// True for a Video4Linux device node: `/dev/video…`.
    static func isVideo4Linux(_ path: String) -> Bool { path.hasPrefix("/dev/video") }

    /// FFmpeg's `v4l2` input, registered by loading libavdevice of this FFmpeg's release.
    static func video4LinuxInput(for path: String) throws -> UnsafePointer<AVInputFormat> {
        // libavdevice's major version follows libavformat's within an FFmpeg release.
        let major = avformat_version() >> 16
        let library = "libavdevice.so.\(major)"
        guard let handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL) else {
            throw MediaError.cannotOpen(path: path, reason: "reading a camera needs FFmpeg's \(library) (Debian: apt-get install libavdevice\(major)), which could not be loaded")
        }
        guard let register = dlsym(handle, "avdevice_register_all") else {
            throw MediaError.cannotOpen(path: path, reason: "\(library) has no avdevice_register_all")
        }
        unsafeBitCast(register, to: (@convention(c) () -> Void).self)()
        guard let input = av_find_input_format("v4l2") else {
            throw MediaError.cannotOpen(path: path, reason: "this FFmpeg build cannot read Video4Linux cameras (no 'v4l2' input)")
        }
        return input
    }
}
