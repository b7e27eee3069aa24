@testable import BallTrace
import CFFmpeg
import Foundation
import Testing

/// One decoded frame as seen by its reader: its time and a checksum of a sample of its luma.
private struct FrameSample: Equatable {
    var time: Double
    var checksum: UInt64

    init(_ frame: DecodedFrame, width: Int, height: Int) {
        time = frame.time
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for row in stride(from: 0, to: height, by: 3) {
            for column in stride(from: 0, to: width, by: 5) {
                hash = (hash ^ UInt64(frame.luma[row * frame.lumaStride + column])) &* 0x100_0000_01b3
            }
        }
        checksum = hash
    }
}

private func readInTurn(_ path: String) throws -> (frames: [FrameSample], audioTimestamps: [Int64]) {
    let reader = try MediaDecoder(path: path)
    var audio: [Int64] = []
    reader.audioPacketHandler = { audio.append($0.pointee.pts) }
    var frames: [FrameSample] = []
    while let frame = try reader.nextFrame() {
        frames.append(FrameSample(frame, width: reader.info.storedWidth, height: reader.info.storedHeight))
    }
    return (frames, audio)
}

private func readAhead(_ path: String) throws -> (frames: [FrameSample], audioTimestamps: [Int64]) {
    let reader = try MediaDecoder(path: path)
    let ahead = DecodeAhead(reader, depth: 3, forwardingAudio: true)
    var frames: [FrameSample] = [], audio: [Int64] = []
    while let item = try ahead.next() {
        switch item {
        case .frame(let frame): frames.append(FrameSample(frame, width: reader.info.storedWidth, height: reader.info.storedHeight))
        case .audio(let packet): audio.append(packet.pointer.pointee.pts)
        }
    }
    return (frames, audio)
}

@Suite("Decoding runs ahead on a thread of its own")
struct DecodeAheadTests {
    @Test func decodingAheadDeliversTheFramesAndAudioOfDecodingInTurn() throws {
        let withAudio = GeneratedClips.temporaryPath("decode-ahead-audio.mp4")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
                    "-c:v", "copy", "-c:a", "aac", "-shortest", withAudio])
        let inTurn = try readInTurn(withAudio), ahead = try readAhead(withAudio)
        #expect(inTurn.frames.count == 90)
        #expect(ahead.frames == inTurn.frames)
        #expect(!inTurn.audioTimestamps.isEmpty)
        #expect(ahead.audioTimestamps == inTurn.audioTimestamps)
    }

    @Test func droppingTheReaderBeforeTheEndStopsItsThreadAndFreesTheDecoder() throws {
        // The consumer gives up after a few frames (an error in drawing, say), while the
        // decoding thread waits for a free slot: dropping the pipeline must stop that thread and
        // let the reader go, every time.
        weak var lastReader: MediaDecoder?
        for attempt in 0..<20 {
            let reader = try MediaDecoder(path: GeneratedClips.golfDrive.path)
            lastReader = reader
            let ahead = DecodeAhead(reader, depth: 2)
            for _ in 0..<(attempt % 4) { _ = try ahead.next() }
        }
        #expect(lastReader == nil)
    }

    @Test func clipCutShortEndsAfterTheFramesBeforeTheCut() throws {
        // A copy that stopped two thirds of the way: the frames before the cut arrive, then the
        // end, without a hang.
        let cut = GeneratedClips.temporaryPath("decode-ahead-cut.mkv")
        try ffmpeg(["-i", GeneratedClips.golfDrive.path, "-c", "copy", cut])
        let matroska = try Data(contentsOf: URL(fileURLWithPath: cut))
        try matroska.prefix(matroska.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        let reader = try MediaDecoder(path: cut)
        let ahead = DecodeAhead(reader)
        var frames = 0
        while let item = try ahead.next() { if case .frame = item { frames += 1 } }
        #expect(frames > 20 && frames < 90, "\(frames) frames")
    }

    @Test func decodesFurtherAheadOfSmallPicturesThanOfLargeOnes() {
        // Up to eight frames ahead to ride out a costly stretch of analysis, but never more
        // pictures than eight 1080p ones: a 4K clip keeps three.
        #expect(DecodeAhead.depth(width: 1280, height: 720) == 8)
        #expect(DecodeAhead.depth(width: 1920, height: 1080) == 8)
        #expect(DecodeAhead.depth(width: 2560, height: 1440) == 4)
        #expect(DecodeAhead.depth(width: 3840, height: 2160) == 3)
        #expect(DecodeAhead.depth(width: 7680, height: 4320) == 3)
    }
}
