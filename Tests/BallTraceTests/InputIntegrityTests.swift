import BallTrace
import Testing

@Suite("Whether an input ends early")
struct InputEndsEarlyTests {
    @Test func allTheFramesTheIndexPromisesAreAWholeFile() {
        #expect(!InputIntegrity.endsEarly(decodedFrames: 90, decodedEnd: 3, frameInterval: 1.0 / 30,
                                          claimedFrameCount: 90, claimedDuration: 3, durationIsTheVideoStreams: true))
    }

    @Test func aFrameOrTwoShortOfTheIndexIsAnEditListNotACut() {
        #expect(!InputIntegrity.endsEarly(decodedFrames: 88, decodedEnd: 2.95, frameInterval: 1.0 / 30,
                                          claimedFrameCount: 90, claimedDuration: 3, durationIsTheVideoStreams: true))
    }

    @Test func framesStoppingHalfWayThroughTheIndexAreACut() {
        #expect(InputIntegrity.endsEarly(decodedFrames: 45, decodedEnd: 1.5, frameInterval: 1.0 / 30,
                                         claimedFrameCount: 90, claimedDuration: 3, durationIsTheVideoStreams: true))
    }

    @Test func withoutAFrameCountTheVideoStreamsDurationDecides() {
        #expect(InputIntegrity.endsEarly(decodedFrames: 70, decodedEnd: 2.3, frameInterval: 1.0 / 30,
                                         claimedFrameCount: nil, claimedDuration: 3, durationIsTheVideoStreams: true))
        #expect(!InputIntegrity.endsEarly(decodedFrames: 89, decodedEnd: 2.98, frameInterval: 1.0 / 30,
                                          claimedFrameCount: nil, claimedDuration: 3, durationIsTheVideoStreams: true))
    }

    @Test func aFileDurationMayBeTheAudiosSoItGetsHalfASecond() {
        // Audio commonly outlasts the picture by a fraction of a second.
        #expect(!InputIntegrity.endsEarly(decodedFrames: 80, decodedEnd: 2.7, frameInterval: 1.0 / 30,
                                          claimedFrameCount: nil, claimedDuration: 3, durationIsTheVideoStreams: false))
        #expect(InputIntegrity.endsEarly(decodedFrames: 60, decodedEnd: 2.0, frameInterval: 1.0 / 30,
                                         claimedFrameCount: nil, claimedDuration: 3, durationIsTheVideoStreams: false))
    }

    @Test func aHeaderThatPromisesNothingCannotBeFallenShortOf() {
        #expect(!InputIntegrity.endsEarly(decodedFrames: 3, decodedEnd: 0.1, frameInterval: 1.0 / 30,
                                          claimedFrameCount: nil, claimedDuration: nil, durationIsTheVideoStreams: false))
    }
}

@Suite("What an input's integrity says to the user")
struct InputIntegrityWarningTests {
    @Test func aWholeInputIsCompleteAndSaysNothing() {
        let integrity = InputIntegrity(claimedDuration: 3, claimedFrameCount: 90)
        #expect(integrity.complete && integrity.warnings.isEmpty)
    }

    @Test func aCutShortInputSaysWhatItPromisedAndThatTheRestWasAnalysed() {
        let integrity = InputIntegrity(endsEarly: true, claimedDuration: 3, claimedFrameCount: 90)
        #expect(!integrity.complete)
        #expect(integrity.warnings == ["the file ends early: its header promises 3.00 s, 90 frames; it may have been cut short "
            + "by an unfinished copy or recording; the frames that are there were analysed"])
    }

    @Test func damageIsCountedAndPlacedInTime() {
        let integrity = InputIntegrity(repairedFrames: 3, damagedPackets: 1, damageStart: 0.5, damageEnd: 1.25)
        #expect(!integrity.complete)
        #expect(integrity.warnings == ["the video data is damaged: 3 frames were repaired by the decoder and 1 damaged packet "
            + "was skipped between 0.50 s and 1.25 s; detections there may be missing or misplaced"])
    }

    @Test func readingThatStoppedSaysWhy() {
        let integrity = InputIntegrity(stoppedEarlyBecause: "the picture size changes from 640×360 to 1280×720 after 40 frames")
        #expect(!integrity.complete)
        #expect(integrity.warnings.first?.contains("640×360 to 1280×720") == true)
    }
}
