// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "balltrace",
    platforms: [.macOS(.v13)],
    // What a user of the package gets: the library and the command. The clip generator, the
    // evaluation and the example are the project's own tools (`swift run synthesize-clip`,
    // `swift run evaluate-tracking`, `swift run trajectory-watch` here), not products.
    products: [
        .library(name: "BallTrace", targets: ["BallTrace"]),
        // Vision's names and behaviour (`VNDetectTrajectoriesRequest`, `VNImageRequestHandler`,
        // `CMTime`…): code written for Apple's Vision ports by changing its imports.
        .library(name: "BallTraceVision", targets: ["BallTraceVision"]),
        .executable(name: "balltrace", targets: ["balltrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),  // LogHandler.log(event:)
        // `swift package generate-documentation --target BallTrace` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // FFmpeg's C API, plus static-inline shims for the macros Swift cannot import (AVERROR, …).
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        // The C-ABI wall around OpenCV: C++ inside, plain C functions and status codes outside.
        // It names the two OpenCV modules it uses rather than taking `pkg-config opencv4`, whose
        // 50 modules pull in about 380 shared libraries (GDAL, VTK, codecs…): loading them cost
        // every run 0.3 s and 80 MB before the first frame. Since tools version 6.2, these flags
        // do not stop the library from being used as a dependency.
        .target(
            name: "CBallTraceVision",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-I/usr/local/include/opencv4"])],
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]
        ),
        // The JSON Schemas of its output are files in Sources/BallTrace/Schemas, compiled in (the
        // executable is installed alone) and printed by `balltrace schema`.
        .target(
            name: "BallTrace",
            dependencies: ["CFFmpeg", "CBallTraceVision", .product(name: "Logging", package: "swift-log")],
            resources: [
                .embedInCode("Schemas/analysis-document.schema.json"),
                .embedInCode("Schemas/stream-line.schema.json"),
                .embedInCode("Schemas/shot-log.schema.json"),
            ]
        ),
        .target(
            name: "BallTraceVision",
            dependencies: ["BallTrace"]
        ),
        .executableTarget(
            name: "balltrace",
            dependencies: [
                "BallTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Renders clips with known ball flights and distractors, and writes their truth.
        .target(
            name: "ClipSynthesis",
            dependencies: ["BallTrace", "CBallTraceVision"]
        ),
        .executableTarget(
            name: "synthesize-clip",
            dependencies: [
                "ClipSynthesis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Scores trajectories against ground truth (pure), and runs the suite of clips that measures them.
        .target(
            name: "Evaluation",
            dependencies: ["BallTrace", "ClipSynthesis"]
        ),
        .executableTarget(
            name: "evaluate-tracking",
            dependencies: [
                "Evaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // An example client of the library's public API: Vision's live callback, on a file.
        .executableTarget(
            name: "trajectory-watch",
            dependencies: ["BallTrace"],
            path: "Examples/trajectory-watch"
        ),
        .testTarget(
            name: "BallTraceTests",
            dependencies: ["BallTrace", "BallTraceVision", "ClipSynthesis", "Evaluation"]
        ),
        .testTarget(
            name: "PipelineTests",
            dependencies: ["BallTrace", "BallTraceVision", "ClipSynthesis", "Evaluation", "CFFmpeg"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
