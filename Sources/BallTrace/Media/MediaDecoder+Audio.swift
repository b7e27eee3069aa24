internal import CFFmpeg

extension MediaDecoder {
    /// When an audio packet of ``audioStream`` plays, on the frames' clock: seconds from the
    /// frame whose timestamp is `origin` (the first decoded frame's, ``DecodedFrame/timestamp``).
    /// Nil for a packet without a timestamp, or a reader without audio.
    func time(ofAudio packet: OwnedPacket, origin: Int64) -> Double? {
        guard let stream = audioStream else { return nil }
        let p = packet.pointer.pointee
        let timestamp = p.pts != bt_av_nopts_value() ? p.pts : p.dts
        guard timestamp != bt_av_nopts_value() else { return nil }
        return seconds(timestamp, stream.pointee.time_base) - seconds(origin, timeBase)
    }
}
