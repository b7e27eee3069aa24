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

extension MediaDecoder {
    /// A decoder of ``audioStream`` to mono samples; nil without audio or when its codec cannot
    /// be decoded.
    func makeAudioDecoder() -> AudioSampleDecoder? {
        audioStream.flatMap { AudioSampleDecoder(stream: $0) }
    }

    /// The first decoded frame's time on the video stream's clock, seconds: what an audio time
    /// (``AudioSampleDecoder``'s) is taken from to be a time of the frames. Nil before a frame.
    var originSeconds: Double? { originTimestamp.map { seconds($0, timeBase) } }
}
