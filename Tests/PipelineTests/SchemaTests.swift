import BallTrace
import ClipSynthesis
import Foundation
import Testing

/// The repository's root, from this file's place in it: the schemas and `scripts/` are there.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func repositoryPath(_ relative: String) -> String { repositoryRoot.appendingPathComponent(relative).path }

private let documentSchema = repositoryPath("Sources/BallTrace/Schemas/analysis-document.schema.json")
private let streamLineSchema = repositoryPath("Sources/BallTrace/Schemas/stream-line.schema.json")

/// `scripts/validate-json.py SCHEMA FILE…`: python3 and jsonschema, as a user or CI runs it.
struct SchemaValidation {
    let status: Int32
    /// One line per error, and the script's own complaints.
    let output: String

    init(schema: String, files: [String], lines: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryPath("scripts/validate-json.py")] + (lines ? ["--lines"] : []) + [schema] + files
        // One pipe for both: the output is a few lines, and read whole before waiting.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    }
}

/// Scenes rendered once for these tests, under names of their own so that they never share a
/// file with the same scene rendered by another suite running alongside.
private enum SchemaClips {
    static let downTheLine: GeneratedClips.Clip = {
        var scene = SyntheticScene.scenario(named: "golf-down-the-line", width: 640, height: 480, seed: 1)!
        scene.name = "schema-golf-down-the-line"
        return GeneratedClips.render(scene)
    }()

    static let noBall: GeneratedClips.Clip = {
        var scene = SyntheticScene.scenario(named: "no-ball", width: 640, height: 360, seed: 2)!
        scene.name = "schema-no-ball"
        return GeneratedClips.render(scene)
    }()
}

@Suite("The published JSON Schemas describe what balltrace writes")
struct SchemaTests {
    let drive = GeneratedClips.golfDrive.path

    /// Runs `balltrace analyze INPUT --json FILE EXTRA…`, validates FILE against the document
    /// schema, and returns the document for a look at what it was meant to exercise.
    func analyseAndValidate(_ input: String, _ extra: [String] = [],
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> AnalysisDocument {
        let path = GeneratedClips.temporaryPath("schema.json")
        let run = try BalltraceRun(["analyze", input, "--json", path] + extra)
        try #require(run.status == 0, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        let validation = try SchemaValidation(schema: documentSchema, files: [path])
        #expect(validation.status == 0, "\(validation.output)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(AnalysisDocument.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: The schemas as printed and as published

    @Test func balltraceSchemaPrintsThePublishedDocumentSchema() throws {
        let run = try BalltraceRun(["schema"])
        #expect(run.status == 0 && run.standardError.isEmpty, "stderr: \(run.standardError)")
        let published = try Data(contentsOf: URL(fileURLWithPath: documentSchema))
        #expect(run.standardOutput == published, "balltrace schema differs from analysis-document.schema.json")
        #expect(Data(DocumentSchema.document.utf8) == published,
                "DocumentSchema.document differs from analysis-document.schema.json")
    }

    @Test func balltraceSchemaStreamPrintsThePublishedStreamLineSchema() throws {
        let run = try BalltraceRun(["schema", "--stream"])
        #expect(run.status == 0 && run.standardError.isEmpty, "stderr: \(run.standardError)")
        let published = try Data(contentsOf: URL(fileURLWithPath: streamLineSchema))
        #expect(run.standardOutput == published, "balltrace schema --stream differs from stream-line.schema.json")
        #expect(Data(DocumentSchema.streamLine.utf8) == published,
                "DocumentSchema.streamLine differs from stream-line.schema.json")
    }

    /// The stream-line schema repeats the document schema's definitions so that it stands alone;
    /// a trajectory must not be described one way in a document and another in a stream.
    @Test func aStreamLinesTrajectoriesAreDefinedExactlyAsTheDocuments() throws {
        func definitions(_ path: String) throws -> [String: Any] {
            let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            return try #require(schema?["$defs"] as? [String: Any])
        }
        let document = try definitions(documentSchema), stream = try definitions(streamLineSchema)
        #expect(stream["trajectory"] != nil)
        // The lines that are not frames are the stream's own.
        let streamOwn: Set = ["endLine", "reconnectedLine"]
        // Compared as JSON with sorted keys: through NSDictionary, equal definitions compared
        // unequal on Linux.
        func canonical(_ value: Any?) throws -> Data? {
            try value.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed]) }
        }
        for (name, definition) in stream where !streamOwn.contains(name) {
            #expect(try canonical(document[name]) == canonical(definition),
                    "$defs/\(name) of the stream-line schema differs from the document schema's")
        }
    }

    // MARK: Real documents validate

    @Test func theGolfDrivesDocumentValidates() throws {
        let document = try analyseAndValidate(drive)
        #expect(document.coordinateSystem == .topLeft && document.trajectories.count == 1)
        #expect(document.trajectories.allSatisfy { $0.physics == nil })
    }

    @Test func aDocumentWithATeeHintValidatesAndTimesTheStrike() throws {
        // The drive is struck from (0.21, 0.83) of the picture (its truth's first position).
        let truth = GeneratedClips.golfDrive.truth
        let start = try #require(truth.scene.flights.first).start
        let tee = "\(start.x / 640),\(start.y / 360)"
        let document = try analyseAndValidate(drive, ["--tee", tee])
        let flight = try #require(document.trajectories.first)
        let impact = try #require(flight.events?.impact, "no impact with --tee \(tee)")
        #expect(abs(impact.time - truth.scene.flights[0].launchTime) < 0.02, "impact \(impact.time) s")
        #expect(document.settings.tee != nil)
    }

    @Test func aDocumentOfACameraSaidToStandStillValidatesAndSaysSo() throws {
        let document = try analyseAndValidate(drive, ["--fixed-camera"])
        #expect(document.settings.fixedCamera == true && document.trajectories.count == 1)
        #expect(try analyseAndValidate(drive).settings.fixedCamera == nil)
    }

    @Test func aDocumentInVisionCoordinatesValidates() throws {
        let document = try analyseAndValidate(drive, ["--coordinates", "vision"])
        #expect(document.coordinateSystem == .vision && document.trajectories.count == 1)
    }

    @Test func aDocumentWithPhysicsFromACalibrationValidates() throws {
        let document = try analyseAndValidate(drive, ["--pixels-per-metre", "100"])
        let physics = try #require(document.trajectories.first?.physics)
        #expect(physics.measurable && physics.apexHeight != nil && physics.flightTime != nil)
    }

    @Test func aDocumentWithPhysicsFromTheBallsDiameterValidates() throws {
        let document = try analyseAndValidate(drive, ["--ball-diameter", "42.67mm"])
        let physics = try #require(document.trajectories.first?.physics)
        #expect(physics.scale.source.contains("42.67 mm"))
    }

    @Test func aFlightTooDeepToMeasureValidatesWithItsReasonInsteadOfFigures() throws {
        let document = try analyseAndValidate(SchemaClips.downTheLine.path, ["--pixels-per-metre", "100"])
        let physics = try #require(document.trajectories.first?.physics)
        #expect(!physics.measurable && physics.notMeasurableBecause != nil && physics.launchSpeed == nil)
    }

    @Test func aClipWithNoFlightValidates() throws {
        let document = try analyseAndValidate(SchemaClips.noBall.path)
        #expect(document.trajectories.isEmpty)
    }

    @Test func aDamagedInputsDocumentValidatesWithWhereTheDamageWas() throws {
        let damaged = try DamagedClips.corrupted(DamagedClips.indexFirst, runs: 4, seed: 1, name: "schema-corrupted.mp4")
        let document = try analyseAndValidate(damaged)
        let integrity = try #require(document.source.integrity)
        #expect(!integrity.complete && integrity.damageStart != nil && integrity.damageEnd != nil)
        #expect(!document.warnings.isEmpty)
    }

    @Test func aFileCutShortValidatesWithWhatItsHeaderPromised() throws {
        let cut = try DamagedClips.cutShort(DamagedClips.indexFirst, keeping: 0.45, name: "schema-cut.mp4")
        let document = try analyseAndValidate(cut)
        let integrity = try #require(document.source.integrity)
        #expect(integrity.endsEarly && integrity.claimedDuration != nil && integrity.claimedFrameCount != nil)
        #expect(!document.warnings.isEmpty)
    }

    @Test func aPictureSizeChangingMidStreamValidatesWithWhyReadingStopped() throws {
        let document = try analyseAndValidate(try DamagedClips.sizeChangingMidStream())
        #expect(try #require(document.source.integrity).stoppedEarlyBecause != nil)
    }

    // MARK: The schema rejects what is not a document

    @Test(arguments: DocumentChange.allCases)
    func aDocumentMissingAFieldOrWithAWrongTypeFailsValidation(change: DocumentChange) throws {
        let original = GeneratedClips.temporaryPath("schema-original.json")
        let run = try BalltraceRun(["analyze", drive, "--json", original])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: original))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var trajectories = try #require(document["trajectories"] as? [[String: Any]])
        try #require(!trajectories.isEmpty)
        change.apply(to: &trajectories[0])
        document["trajectories"] = trajectories
        let changed = GeneratedClips.temporaryPath("schema-changed.json")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: changed))

        // The untouched document passes, and the changed one has one error: the change.
        #expect(try SchemaValidation(schema: documentSchema, files: [original]).status == 0)
        let validation = try SchemaValidation(schema: documentSchema, files: [changed])
        #expect(validation.status == 1, "\(change) was accepted")
        #expect(validation.output.contains(change.error) && validation.output.contains("validate-json: 1 error\n"),
                "\(validation.output)")
    }

    // MARK: The stream

    /// `analyze --stream` is being written alongside: until it lands, this test fails on the
    /// unknown option.
    @Test func everyLineOfAStreamValidatesAndTheFlightAppearsInIt() throws {
        let run = try BalltraceRun(["analyze", drive, "--stream"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let path = GeneratedClips.temporaryPath("schema-stream.jsonl")
        try run.standardOutput.write(to: URL(fileURLWithPath: path))
        let validation = try SchemaValidation(schema: streamLineSchema, files: [path], lines: true)
        #expect(validation.status == 0, "\(validation.output)")
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty)
        let withFlight = lines.filter { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["trajectories"] as? [Any])?.isEmpty == false
        }
        #expect(!withFlight.isEmpty, "no line has a trajectory")
        #expect(lines.last?.hasPrefix("{\"event\":\"end\",\"reason\":\"end of input\"") == true, "\(lines.last ?? "")")
    }

    /// The schema and the Swift model of the lines that are not frames name the same reasons and
    /// fields: a reason added to one and not the other fails here.
    @Test func theEndAndReconnectedLinesOfTheSchemaAreTheModels() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: streamLineSchema))) as? [String: Any]
        let definitions = try #require(schema?["$defs"] as? [String: Any])
        func properties(_ name: String) throws -> [String: Any] {
            try #require((definitions[name] as? [String: Any])?["properties"] as? [String: Any])
        }
        let reasons = try #require((try properties("endLine")["reason"] as? [String: Any])?["enum"] as? [String])
        #expect(reasons == StreamEndLine.Reason.allCases.map(\.rawValue))
        func keys(_ line: some Encodable) throws -> Set<String> {
            Set(try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(line)) as? [String: Any]).keys)
        }
        let end = StreamEndLine(reason: .failed, message: "m", frameLines: 0)
        #expect(try keys(end) == Set(try properties("endLine").keys))
        let reconnected = StreamReconnectedLine(SourceReconnection(frame: 1, time: 0.5, lostBecause: "x", attempts: 1,
                                                                   secondsWithoutFrames: 1, timeContinues: true))
        #expect(try keys(reconnected) == Set(try properties("reconnectedLine").keys))
    }

    /// Both schemas name the exit reasons a flight can end with, and only those: a reason added
    /// to the model and not the schemas (or taken out) fails here.
    @Test(arguments: [documentSchema, streamLineSchema])
    func theExitReasonsOfTheSchemaAreTheModels(schemaPath: String) throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: schemaPath))) as? [String: Any]
        let exit = try #require((schema?["$defs"] as? [String: Any])?["exit"] as? [String: Any])
        let reason = try #require((exit["properties"] as? [String: Any])?["reason"] as? [String: Any])
        let reasons = try #require(reason["enum"] as? [String])
        #expect(reasons == FlightExit.Reason.allCases.map(\.rawValue))
    }

    @Test(arguments: [
        (#"{"event":"end","reason":"gone","message":"m","frameLines":0}"#, "'gone' is not one of"),
        (#"{"event":"end","reason":"failed","frameLines":0}"#, "'message' is a required property"),
        (#"{"event":"reconnected","frame":3,"time":1}"#, "'lostBecause' is a required property"),
        (#"{"frame":3,"event":"end"}"#, "'reason' is a required property"),
    ])
    func aStreamEventLineThatIsWrongFailsValidation(line: String, error: String) throws {
        let path = GeneratedClips.temporaryPath("schema-event.jsonl")
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let validation = try SchemaValidation(schema: streamLineSchema, files: [path], lines: true)
        #expect(validation.status == 1 && validation.output.contains(error), "\(validation.output)")
    }
}

/// One thing wrong with an otherwise real document, and the error the validation gives for it.
enum DocumentChange: CaseIterable, CustomTestStringConvertible {
    case uuidRemoved, confidenceAsText, unknownField

    var testDescription: String {
        switch self {
        case .uuidRemoved: return "a trajectory without its uuid"
        case .confidenceAsText: return "a confidence written as text"
        case .unknownField: return "a field the document does not have"
        }
    }

    func apply(to trajectory: inout [String: Any]) {
        switch self {
        case .uuidRemoved: trajectory["uuid"] = nil
        case .confidenceAsText: trajectory["confidence"] = "high"
        case .unknownField: trajectory["speed"] = 12.1
        }
    }

    var error: String {
        switch self {
        case .uuidRemoved: return "$.trajectories[0]: 'uuid' is a required property"
        case .confidenceAsText: return "$.trajectories[0].confidence: 'high' is not of type 'number'"
        case .unknownField: return "$.trajectories[0]: Additional properties are not allowed ('speed' was unexpected)"
        }
    }
}
