import ArgumentParser
import BallTrace
import ClipSynthesis
import Foundation

@main
struct SynthesizeClip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize-clip",
        abstract: "Render a clip with a known ball flight and distractors, and write its truth as JSON.")

    @Argument(help: "Output video (MP4).")
    var output: String

    @Option(help: "Scene to render.")
    var scenario: String = "golf-face-on"

    @Option(help: "Where to write the truth (default: OUTPUT with .truth.json).")
    var truth: String?

    @Option var width: Int = 640
    @Option var height: Int = 360
    @Option(help: "Frames per second.") var fps: Double = 30
    @Option(help: "Length in seconds.") var seconds: Double = 3
    @Option(help: "Varies the flight and the noise reproducibly.") var seed: UInt64 = 1
    @Option(help: "Store the picture turned back by this many degrees, with a display matrix (0, 90, 180, 270).")
    var rotation: Int = 0

    func run() throws {
        var scene: SyntheticScene
        guard let storedRotation = DisplayRotation(rawValue: rotation) else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270 (got \(rotation))")
        }
        switch scenario {
        case "golf-face-on":
            scene = .golfFaceOn(width: width, height: height, frameRate: fps, seconds: seconds, seed: seed)
            scene.rotation = storedRotation
        default:
            throw ValidationError("unknown scenario '\(scenario)'; known: golf-face-on")
        }
        let result = try ClipSynthesizer.render(scene, to: output)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let truthPath = truth ?? (output.hasSuffix(".mp4") ? String(output.dropLast(4)) : output) + ".truth.json"
        try AtomicFile.write(try encoder.encode(result), to: truthPath)
        print("wrote \(output) (\(scene.frameCount) frames) and \(truthPath)")
    }
}
