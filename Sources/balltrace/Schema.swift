import ArgumentParser
import BallTrace
import FoundationEssentials

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of the document that 'analyze --json' writes (or of a stream line, or of a shot log).",
        discussion: """
            The schema follows JSON Schema draft 2020-12 and stands alone: it refers to
            nothing that would be fetched. With --stream, it is the schema of one line of
            'analyze --stream' instead; with --shots, that of the shots.json 'balltrace shots'
            writes.

            Examples:
              Check a document with python3-jsonschema (silent, status 0, when valid):
                balltrace schema > doc.schema.json
                balltrace analyze swing.mp4 --json - |
                  python3 -m jsonschema doc.schema.json
              The same for a saved document, with check-jsonschema:
                check-jsonschema --schemafile doc.schema.json swing.json
              Every line of a stream, stopping at the first that is not valid:
                balltrace schema --stream > line.schema.json
                balltrace analyze swing.mp4 --stream > swing.jsonl
                while read -r line; do
                  printf '%s\\n' "$line" | python3 -m jsonschema line.schema.json || break
                done < swing.jsonl
            """)

    @Flag(help: "The schema of one line of 'analyze --stream' (JSON Lines) rather than of the document.")
    var stream = false

    @Flag(help: "The schema of the shot log, the shots.json of 'balltrace shots'.")
    var shots = false

    func validate() throws {
        if stream && shots { throw ValidationError("--stream and --shots name two different schemas; give one") }
    }

    func run() throws {
        // The schemas' text ends in a newline.
        let schema = stream ? DocumentSchema.streamLine : shots ? DocumentSchema.shotLog : DocumentSchema.document
        StandardStream.output.write(schema)
    }
}
