/// The JSON Schemas (draft 2020-12) of what `balltrace analyze` and `balltrace shots` write, as `balltrace schema`
/// prints them.
///
/// The files in `Sources/BallTrace/Schemas` are the ones to edit and to publish; they are
/// compiled in (SwiftPM's `embedInCode`), since the executable is installed alone, so each
/// constant is its file's exact text.
package enum DocumentSchema {
    /// `analysis-document.schema.json`: the document of `balltrace analyze --json`.
    package static let document = String(decoding: PackageResources.analysis_document_schema_json, as: UTF8.self)

    /// `stream-line.schema.json`: one line of `balltrace analyze --stream`. It repeats the
    /// document schema's definitions of a trajectory, so that it can be used alone (the tests
    /// hold the two to the same definitions).
    package static let streamLine = String(decoding: PackageResources.stream_line_schema_json, as: UTF8.self)

    /// `shot-log.schema.json`: the `shots.json` of `balltrace shots`.
    package static let shotLog = String(decoding: PackageResources.shot_log_schema_json, as: UTF8.self)
}
