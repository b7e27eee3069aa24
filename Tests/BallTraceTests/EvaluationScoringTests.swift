import BallTrace
import Evaluation
import Foundation
import Testing

/// The evaluation's definitions, on hand-made truth and detections (no video).
@Suite struct EvaluationScoringTests {
    /// A ball flying right for `frames` frames, 10 px a frame, radius 3.
    func flight(_ index: Int = 0, frames: Range<Int>, y: Double = 100, counts: Bool = true, inFlight: Bool = true) -> [GroundTruth.Position] {
        frames.map { f in
            GroundTruth.Position(frame: f, flight: index, point: PixelPoint(x: 10 * Double(f), y: y), radius: 3,
                                 counts: counts, inFlight: inFlight)
        }
    }

    func trajectory(frames: Range<Int>, y: Double = 100, offset: Double = 0) -> ScoredTrajectory {
        ScoredTrajectory(uuid: UUID(), detections: frames.map { f in
            .init(frame: f, point: PixelPoint(x: 10 * Double(f) + offset, y: y), radius: 3)
        })
    }

    @Test func aDetectionWithinTwiceTheRadiusMatchesAndOneBeyondDoesNot() {
        let truth = GroundTruth(positions: flight(frames: 0..<10), labelling: .dense)
        #expect(ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10, offset: 5.9)]).recall == 1)
        #expect(ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10, offset: 6.1)]).recall == 0)
        // A small ball still gets 4 px.
        let tiny = GroundTruth(positions: flight(frames: 0..<10).map { var p = $0; p.radius = 0.5; return p }, labelling: .dense)
        #expect(ClipScore(truth: tiny, trajectories: [trajectory(frames: 0..<10, offset: 3.9)]).recall == 1)
    }

    @Test func aPerfectTrackMeetsEveryTarget() {
        let truth = GroundTruth(positions: flight(frames: 0..<20), labelling: .dense)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<20)])
        #expect(score.recall == 1 && score.precision == 1)
        #expect(score.flightsFound == 1 && score.flights[0].uuids == 1 && score.falseTrajectories == 0)
        #expect(score.shortfalls().isEmpty)
    }

    @Test func recallCountsOnlyABallInFlightAndInView() {
        // Resting on the tee for 10 frames, then 10 in flight, of which 2 are cut by the frame edge.
        let positions = flight(frames: 0..<10, counts: false, inFlight: false) + flight(frames: 10..<18)
            + flight(frames: 18..<20, counts: false)
        let truth = GroundTruth(positions: positions, labelling: .dense)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 10..<14)])
        #expect(score.countedPositions == 8)
        #expect(score.recall == 0.5)
    }

    @Test func aFlightSplitBetweenTwoUUIDsIsNotFound() {
        let truth = GroundTruth(positions: flight(frames: 0..<20), labelling: .dense)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10), trajectory(frames: 10..<20)])
        #expect(score.recall == 1)
        #expect(score.flights[0].uuids == 2)
        #expect(score.flightsFound == 0)
        #expect(score.shortfalls().contains { $0.contains("not found") })
        #expect(score.shortfalls().contains { $0.contains("several UUIDs") })
    }

    @Test func aFlightSeenLeavingAndComingBackUnderALinkedUUIDIsFoundOnce() {
        // The second trajectory says it continues the first: the ball came back into view.
        let truth = GroundTruth(positions: flight(frames: 0..<20), labelling: .dense)
        let climb = trajectory(frames: 0..<10)
        var comeback = trajectory(frames: 10..<20)
        comeback.continues = climb.uuid
        let score = ClipScore(truth: truth, trajectories: [climb, comeback])
        #expect(score.flights[0].uuids == 1)
        #expect(score.flightsFound == 1)
        #expect(score.flights[0].launchError == nil || score.flights[0].launchError == 0)
        #expect(score.shortfalls().isEmpty)
        // A link to a trajectory not in the list is no link.
        comeback.continues = UUID()
        #expect(ClipScore(truth: truth, trajectories: [climb, comeback]).flightsFound == 0)
    }

    @Test func aTrackOfTheBallAtRestIsAFalseTrajectory() {
        let resting = (0..<10).map { GroundTruth.Position(frame: $0, flight: 0, point: PixelPoint(x: 50, y: 50), radius: 3, counts: false, inFlight: false) }
        let truth = GroundTruth(positions: resting, labelling: .dense, flightCount: 1)
        let onTee = ScoredTrajectory(uuid: UUID(), detections: (0..<10).map { .init(frame: $0, point: PixelPoint(x: 50, y: 50), radius: 3) })
        let score = ClipScore(truth: truth, trajectories: [onTee])
        #expect(score.precision == 1, "the points are on a real ball")
        #expect(score.falseTrajectories == 1, "but a ball at rest is not a flight")
    }

    @Test func twoTrajectoriesOnOneBallCannotBothMatchIt() {
        let truth = GroundTruth(positions: flight(frames: 0..<10), labelling: .dense)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10), trajectory(frames: 0..<10, offset: 1)])
        #expect(score.precision == 0.5)
        #expect(score.falseTrajectories == 1)
    }

    @Test func onSparseLabelsOnlyLabelledFramesCountForPrecision() {
        // Labels every second frame; the track also has points in the unlabelled frames between.
        let labelled = flight(frames: 0..<20).filter { $0.frame % 2 == 0 }
        let truth = GroundTruth(positions: labelled, labelling: .sparse)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<25)])
        #expect(score.countedDetections == 10)
        #expect(score.precision == 1)
        // On dense truth the same points past the flight's end are wrong.
        let dense = GroundTruth(positions: flight(frames: 0..<20), labelling: .dense)
        #expect(ClipScore(truth: dense, trajectories: [trajectory(frames: 0..<25)]).precision == 0.8)
    }

    @Test func anythingReportedWhereThereIsNoBallIsFalse() {
        let truth = GroundTruth(positions: [], labelling: .dense, flightCount: 0)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10)])
        #expect(score.precision == 0)
        #expect(score.falseTrajectories == 1)
        #expect(ClipScore(truth: truth, trajectories: []).shortfalls().isEmpty)
    }

    @Test func labelsSplitIntoFlightsAtAGapAndWhereTheBallTurnsBack() throws {
        // Right for four frames (with a pixel of jitter back), left for four, then a gap.
        let csv = """
            frame,x,y
            0,100,100
            1,110,95
            2,109,92
            3,130,90
            4,140,90
            5,130,90
            6,120,90
            7,110,90
            8,100,90
            20,50,50
            21,40,52
            """
        let truth = try LabelFile.groundTruth(csv: csv)
        #expect(truth.positions.map(\.flight) == [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2])
        #expect(truth.labelling == .sparse)
        #expect(truth.positions.allSatisfy { $0.radius == nil })
    }

    @Test func labelsWithRadiiAndFlightsKeepThemAndFlightsCSVGivesTheLaunch() throws {
        let flights = try LabelFile.flights(csv: "flight,impact_frame,first_frame,last_frame,end\n1,13,14,15,rim\n2,,128,128,lost\n")
        let labels = try LabelFile.groundTruth(csv: "frame,x,y,r,flight\n14,10,20,3.5,1\n15,12,18,3.5,1\n128,50,60,11,2\n",
                                               flights: flights)
        #expect(labels.positions.map(\.flight) == [0, 0, 1])
        #expect(labels.positions.map(\.radius) == [3.5, 3.5, 11])
        #expect(labels.firstAirborneFrames == [0: 14, 1: 128])
        #expect(flights[1].impactFrame == nil && flights[0].end == "rim")
        // Without a flight column, flights.csv's frame ranges say which flight a label is on.
        let ranged = try LabelFile.groundTruth(
            csv: "frame,x,y,r\n156,15,156,1.1\n160,112,141,1\n177,59,480,4\n",
            flights: LabelFile.flights(csv: "flight,impact_frame,first_frame,last_frame,end\n1,,156,162,lost\n2,,177,190,lost\n"))
        #expect(ranged.positions.map(\.flight) == [0, 0, 1])
    }

    @Test func aFlightFoundLateMissesTheLaunchTarget() {
        var truth = GroundTruth(positions: flight(frames: 10..<30), labelling: .sparse)
        truth.firstAirborneFrames = [0: 10]
        let onTime = ClipScore(truth: truth, trajectories: [trajectory(frames: 11..<30)])
        #expect(onTime.flights[0].launchError == 1)
        #expect(onTime.shortfalls().isEmpty)
        let late = ClipScore(truth: truth, trajectories: [trajectory(frames: 14..<30)])
        #expect(late.flights[0].launchError == 4)
        #expect(late.shortfalls().contains { $0.contains("+4 frames off the launch") })
    }

    @Test func aFlightsEndIsJudgedByTheTrajectoryThatCoversItBest() {
        var truth = GroundTruth(positions: flight(frames: 10..<30), labelling: .sparse)
        truth.endings = [0: "rim"]
        var bounced = trajectory(frames: 10..<30)
        bounced.exitReason = .bounced
        #expect(ClipScore(truth: truth, trajectories: [bounced]).flights[0].endAgrees == true)
        var lost = bounced
        lost.exitReason = .lost
        #expect(ClipScore(truth: truth, trajectories: [lost]).flights[0].endAgrees == false)
        // A short stray trajectory that ended well does not speak for the flight.
        var stray = trajectory(frames: 10..<13)
        stray.exitReason = .bounced
        #expect(ClipScore(truth: truth, trajectories: [lost, stray]).flights[0].endAgrees == false)
        // Without a label there is nothing to judge.
        #expect(ClipScore(truth: GroundTruth(positions: flight(frames: 10..<30), labelling: .sparse),
                          trajectories: [bounced]).flights[0].endAgrees == nil)
    }

    @Test(arguments: [("exit", FlightExit.Reason.leftFrame), ("bounce", .bounced), ("rim", .bounced),
                      ("end_of_clip", .clipEnded), ("lost", .lost), ("caught", .lost), ("landed", .landed), ("landed", .lost),
                      ("landed", .bounced)])
    func eachLabelledEndingAgreesWithItsReason(label: String, reason: FlightExit.Reason) {
        #expect(ClipScore.endingAgrees(label: label, reason: reason))
        let landingReasons: Set<FlightExit.Reason> = [.landed, .lost, .bounced]
        let others = [FlightExit.Reason.leftFrame, .bounced, .clipEnded, .landed, .lost].filter { other in
            other != reason && !(label == "landed" && landingReasons.contains(other))
        }
        for other in others { #expect(!ClipScore.endingAgrees(label: label, reason: other), "\(label) vs \(other)") }
    }

    @Test func onSparseLabelsATrajectoryWhollyOutsideTheLabelsIsNotFalse() {
        // The ball after the rim, say: nobody labelled it, so nothing says it is wrong.
        let truth = GroundTruth(positions: flight(frames: 0..<10), labelling: .sparse)
        let score = ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<10), trajectory(frames: 40..<55, y: 300)])
        #expect(score.falseTrajectories == 0)
        #expect(score.shortfalls().isEmpty)
    }

    @Test func aMalformedLabelLineIsNamed() {
        #expect(throws: LabelFile.Problem.self) { try LabelFile.groundTruth(csv: "frame,x,y\n3,4\n") }
    }

    @Test func documentPointsConvertBackToPixelsInEitherCoordinateSystem() throws {
        let json = """
            {"schemaVersion":1,"coordinateSystem":"vision","source":{"path":"a.mp4","width":200,"height":100,"rotation":0,
             "frameRate":30,"duration":1,"frameCount":30,"codec":"h264"},
             "settings":{"regionOfInterest":{"x":0,"y":0,"width":1,"height":1},"minimumRadius":0,"minimumRadiusPixels":0,
              "maximumRadius":0.15,"maximumRadiusPixels":15,"trajectoryLength":10,"frameSpacing":0,"analysedFrames":30,
              "analysisWidth":200,"analysisHeight":100,"maximumMissedFrames":4,"backgroundSubtraction":"sigma-delta",
              "foregroundThresholdMinimum":8,"foregroundThresholdMaximum":48},
             "trajectories":[{"uuid":"0D4A6F64-4D67-4C43-9D7B-22D1A1C5E6A1","detectedPoints":[{"frame":3,"time":0.1,"x":0.25,"y":0.75,"radius":0.02}],
              "projectedPoints":[],"equationCoefficients":[0,0,0],"timeRange":{"start":0.1,"duration":0},"confidence":1,
              "movingAverageRadius":0.02,"firstReportedFrame":3}],
             "warnings":[]}
            """
        let document = try JSONDecoder().decode(AnalysisDocument.self, from: Data(json.utf8))
        let detection = try #require(ScoredTrajectory.from(document).first?.detections.first)
        #expect(detection.frame == 3)
        #expect(abs(detection.point.x - 50) < 1e-9 && abs(detection.point.y - 25) < 1e-9)
        #expect(abs(detection.radius - 2) < 1e-9)
    }

    @Test func confidenceIsJudgedWhenFirstReportedAndAtTheEndAndMisjudgedTrajectoriesAreNamed() {
        // A true flight trusted when first reported but doubted in the finished document (a
        // shot's points on the rim), and a false one (the ball at rest) doubted throughout.
        let truth = GroundTruth(positions: flight(frames: 0..<20) + flight(1, frames: 20..<30, y: 300, inFlight: false),
                                labelling: .dense)
        let shot = trajectory(frames: 0..<20), atRest = trajectory(frames: 20..<30, y: 300)
        let score = ClipScore(truth: truth, trajectories: [shot, atRest])
        var calibration = ConfidenceCalibration()
        calibration.add(score, clip: "court", firstConfidence: [shot.uuid: 0.95, atRest.uuid: 0.2],
                        finalConfidence: [shot.uuid: 0.007, atRest.uuid: 0.3])
        #expect(calibration.trueFlights == 1 && calibration.trueFlightsAbove == 1 && calibration.trueFlightsAboveAtEnd == 0)
        #expect(calibration.falseTrajectories == 1 && calibration.falseTrajectoriesBelow == 1 && calibration.falseTrajectoriesBelowAtEnd == 1)
        #expect(calibration.misjudged.count == 1)
        #expect(calibration.misjudged.first?.contains("court \(shot.uuid.uuidString.prefix(8)) first 0.950, at the end 0.007") == true)
        #expect(calibration.summary.contains("at the end: 0/1"))
    }

    @Test func aFlightFollowedOnPastItsLastFrameInFlightIsCountedWhereverItsPointsAre() {
        // A ball labelled in flight for 15 frames, then caught; the trajectory that found it
        // took five more points after the catch, in frames nobody labelled.
        let truth = GroundTruth(positions: flight(frames: 0..<15), labelling: .sparse)
        let runsOn = trajectory(frames: 0..<20)
        let score = ClipScore(truth: truth, trajectories: [runsOn])
        #expect(score.precision == 1)
        #expect(score.flights[0].pointsPastEnd == 5)
        var overruns = FlightOverruns()
        overruns.add(score, clip: "serve")
        #expect(overruns.overrunning == ["serve flight 1: 5 points after its end"])
        // Ending where the labels end, or a point past (the ball at the contact), is no overrun.
        var clean = FlightOverruns()
        clean.add(ClipScore(truth: truth, trajectories: [trajectory(frames: 0..<16)]), clip: "serve")
        #expect(clean.overrunning.isEmpty && clean.flights == 1)
    }

    /// `--seeds 13-24` runs only seeds no round has tuned on; a range that names no seed, or the
    /// case's own (0), is refused rather than run as something else.
    @Test func heldOutSeedsAreReadAsAClosedRangeFromOne() {
        #expect(EvaluationCase.seedNumbers("13-24") == 13...24)
        #expect(EvaluationCase.seedNumbers("7") == 7...7)
        for refused in ["0-3", "5-2", "x", "13-", "-4", "1-2-3", ""] {
            #expect(EvaluationCase.seedNumbers(refused) == nil, "\(refused)")
        }
    }
}
