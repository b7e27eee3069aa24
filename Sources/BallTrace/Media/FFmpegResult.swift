internal import CFFmpeg

/// FFmpeg's error text for a negative return code (what `av_err2str` gives in C).
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    bt_av_error_string(code, &buffer, buffer.count)
    return string(fromNulTerminated: buffer)
}

/// The text of a NUL-terminated C buffer (FFmpeg's and the vision shim's messages).
func string(fromNulTerminated buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// Seconds of a timestamp in a stream's time base.
func seconds(_ timestamp: Int64, _ timeBase: AVRational) -> Double {
    Double(timestamp) * Double(timeBase.num) / Double(timeBase.den)
}

extension AVRational {
    var isUsable: Bool { num > 0 && den > 0 }
    var doubleValue: Double { Double(num) / Double(den) }
}
