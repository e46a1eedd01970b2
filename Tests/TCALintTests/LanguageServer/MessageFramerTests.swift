import XCTest
@testable import TCALint

final class MessageFramerTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    private func events(_ chunks: [[UInt8]]) -> [MessageFramer.Event] {
        var framer = MessageFramer()
        var result: [MessageFramer.Event] = []
        for chunk in chunks {
            framer.append(chunk)
            while let event = framer.next() { result.append(event) }
        }
        return result
    }

    private func message(_ text: String) -> MessageFramer.Event { .message(Array(text.utf8)) }

    func testMessagesSplitAtEveryByteAreReassembled() {
        let stream = frame(#"{"a":"é😀"}"#) + frame("{}")
        XCTAssertEqual(events(stream.map { [$0] }), [message(#"{"a":"é😀"}"#), message("{}")])
    }

    func testSeveralMessagesInOneChunkAndOtherHeadersIgnored() {
        let withType = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n[]".utf8)
        XCTAssertEqual(events([frame("1") + withType + frame("{}")]), [message("1"), message("[]"), message("{}")])
    }

    func testBareNewlineHeadersAndStrayLineBreaksAreTolerated() {
        XCTAssertEqual(events([Array("\r\nContent-Length: 2\n\n{}\n".utf8) + frame("3")]), [message("{}"), message("3")])
    }

    func testBadLengthsAreErrorsAndTheNextMessageStillArrives() {
        for bad in ["-5", "abc", "", "99999999999999", "67108865", "1.5"] {
            let stream = Array("Content-Length: \(bad)\r\n\r\n{\"x\":1}".utf8) + frame("{}")
            let result = events([stream])
            XCTAssertEqual(result.count, 2, "length '\(bad)': \(result)")
            if case .framingError = result.first {} else { XCTFail("length '\(bad)' should be a framing error") }
            XCTAssertEqual(result.last, message("{}"), "length '\(bad)'")
        }
    }

    func testTwoContentLengthHeadersAreRejectedAndTheNextMessageStillArrives() {
        // Either length alone would swallow part of the next message or cut this one; both are refused.
        for (first, second) in [(7, 2), (2, 7), (7, 7)] {
            let stream = Array("Content-Length: \(first)\r\nContent-Length: \(second)\r\n\r\n{\"x\":1}".utf8) + frame("{}")
            XCTAssertEqual(events([stream]), [.framingError("two Content-Length headers in one message"), message("{}")],
                           "\(first), \(second)")
        }
    }

    func testHeaderWithoutContentLengthOrColonIsAnError() {
        let result = events([Array("Content-Type: x\r\n\r\n{}".utf8) + frame("1"), Array("garbage\r\n\r\n".utf8) + frame("2")])
        XCTAssertEqual(result, [.framingError("header without Content-Length"), message("1"),
                                .framingError("header line without ':'"), message("2")])
    }

    func testEndlessHeaderIsCutOffWithoutBufferingForever() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maxHeaderLength + 100))
        guard case .framingError? = framer.next() else { return XCTFail("expected a framing error") }
        XCTAssertLessThan(framer.bufferedCount, 32)
        framer.append(frame("{}"))
        XCTAssertEqual(framer.next(), message("{}"))
    }

    func testIncompleteBodyWaitsForMoreBytes() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 10\r\n\r\n12345".utf8))
        XCTAssertNil(framer.next())
        framer.append(Array("67890".utf8))
        XCTAssertEqual(framer.next(), message("1234567890"))
        XCTAssertNil(framer.next())
    }

    func testZeroLengthBodyIsAnEmptyMessage() {
        XCTAssertEqual(events([Array("Content-Length: 0\r\n\r\n".utf8)]), [.message([])])
    }
}
