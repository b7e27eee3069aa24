import ArgumentParser
import BallTrace
import Foundation

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of the document that 'analyze --json' writes.",
        discussion: """
            The schema follows JSON Schema draft 2020-12 and stands alone: it refers to
            nothing that would be fetched. With --stream, it is the schema of one line of
            'analyze --stream' instead.

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

    func run() throws {
        // The schemas' text ends in a newline.
        FileHandle.standardOutput.write(Data((stream ? DocumentSchema.streamLine : DocumentSchema.document).utf8))
    }
}
