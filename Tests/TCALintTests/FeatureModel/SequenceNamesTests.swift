import XCTest
@testable import TCALint

/// The member names the project declares only as non-throwing `AsyncStream`s (`FeatureIndex.sequenceNames`), which
/// `unhandled_error_in_run` asks before it reports a `for try await` over a client's sequence.
final class SequenceNamesTests: XCTestCase {
    private func index(_ sources: [(String, String)]) -> FeatureIndex {
        FeatureIndex(files: sources.map { ProjectIndexer.facts(path: $0.0, bytes: Array($0.1.utf8)) })
    }

    func testOnlyNamesEveryDeclarationOfWhichIsANonThrowingStream() {
        let names = index([
            ("Connectivity.swift", """
            struct AppState {
              var connectivity = Connectivity.online
            }
            struct ConnectivityClient {
              var connectivity: @Sendable () -> AsyncStream<Connectivity>
              var updates: () -> AsyncStream<Int>
              var status: @Sendable () async throws -> AsyncStream<Int>
              let ticks: AsyncStream<Void>
            }
            """),
            ("Accounts.swift", """
            struct AccountsClient {
              var updates: () -> AsyncThrowingStream<Int, Error>
              var events: () -> AsyncThrowingStream<Event, Error>
            }
            """),
        ]).sequenceNames
        XCTAssertTrue(names.neverThrows("connectivity", called: true))
        // A state's field of the same name cannot be called: it does not stand against the client's endpoint.
        XCTAssertFalse(names.neverThrows("connectivity", called: false))
        XCTAssertTrue(names.neverThrows("ticks", called: false))
        XCTAssertFalse(names.neverThrows("ticks", called: true))
        // Declared as a throwing stream elsewhere: which one a call reaches is not known.
        XCTAssertFalse(names.neverThrows("updates", called: true))
        // The closure throws before it returns the stream.
        XCTAssertFalse(names.neverThrows("status", called: true))
        XCTAssertFalse(names.neverThrows("events", called: true))
        XCTAssertFalse(names.neverThrows("undeclared", called: true))
    }

    /// The rule asks the project: the same loop is reported where the client's sequence can throw, not where the
    /// project declares it as an `AsyncStream`; a sequence expression with a `try` of its own still counts.
    func testTheRuleAsksTheProjectAboutLoopedSequences() {
        let feature = """
        @Reducer
        struct Feature {
          @Dependency(\\.client) var client
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .a:
                return .run { send in
                  for try await value in client.values() { await send(.value(value)) }
                }
              case .b:
                return .run { send in
                  for try await value in try client.session().values() { await send(.value(value)) }
                }
              }
            }
          }
        }
        """
        func lines(client: String) -> [Int] {
            let project = index([("Feature.swift", feature), ("Client.swift", client)])
            let source = SourceFile(path: "Feature.swift", bytes: Array(feature.utf8))
            let file = AnalyzedFile(source: source, project: project)
            return UnhandledErrorInRunRule().check(file).map { source.location(of: $0.offset).line }
        }
        XCTAssertEqual(lines(client: "struct Client { var values: () -> AsyncStream<Int>; var session: () throws -> Session }"), [13])
        XCTAssertEqual(lines(client: "struct Client { var values: () -> AsyncThrowingStream<Int, Error>; var session: () throws -> Session }"), [9, 13])
    }

    /// In a lint run the client's declaration is in a file of its own, with no reducer in it: the run still reads it
    /// (`AsyncStream<` is a fact needle), so the loop over its endpoint is not reported.
    func testALintRunReadsTheClientsFileForItsSequences() throws {
        let tree = try ScratchTree()
        let client = try tree.write("Clients/ConnectivityClient.swift", """
            struct ConnectivityClient {
              var connectivity: @Sendable () -> AsyncStream<Bool>
            }
            """).path
        let feature = try tree.write("Features/Status.swift", """
            import ComposableArchitecture

            @Reducer
            struct Status {
              @Dependency(\\.connectivityClient) var connectivityClient
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  .run { send in
                    for try await isOnline in connectivityClient.connectivity() { await send(.changed(isOnline)) }
                  }
                }
              }
            }
            """).path
        let run = { (paths: [String]) in
            LintRunner(linter: Linter(rules: [UnhandledErrorInRunRule.self]), jobs: 2).run(paths).diagnostics.map(\.line)
        }
        XCTAssertEqual(run([client, feature].sorted()), [])
        // Without the client's file the endpoint's type is unknown, and the loop counts as throwing.
        XCTAssertEqual(run([feature]), [9])
    }

    /// A project `AsyncSequence` that borrows `AsyncStream`'s iterator cannot throw, whatever `for try await` says; one
    /// with another iterator, or a name one declaration gives another iterator, is not taken.
    func testATypeWhoseIteratorIsAnAsyncStreamsNeverThrows() {
        let names = index([
            ("Socket.swift", """
            final class SocketManager<Model: Decodable>: AsyncSequence {
              typealias Element = Result<Model, SocketError>
              typealias AsyncIterator = AsyncStream<Element>.AsyncIterator
              func makeAsyncIterator() -> AsyncIterator { stream.makeAsyncIterator() }
            }
            struct Ticks: AsyncSequence {
              typealias AsyncIterator = AsyncThrowingStream<Int, Error>.Iterator
            }
            enum A { struct Feed: AsyncSequence { typealias AsyncIterator = AsyncStream<Int>.Iterator } }
            enum B { struct Feed: AsyncSequence { typealias AsyncIterator = Custom.Iterator } }
            """),
        ]).sequenceNames
        XCTAssertTrue(names.iteratorNeverThrows(ofType: "SocketManager"))
        XCTAssertFalse(names.iteratorNeverThrows(ofType: "Ticks"))
        XCTAssertFalse(names.iteratorNeverThrows(ofType: "Feed"), "another Feed has another iterator")
        XCTAssertFalse(names.iteratorNeverThrows(ofType: "Element"))
    }

    /// `for try await` over a local built as such a type leaves the `.run` with no error; over one of another type it does.
    func testALoopOverALocalOfSuchATypeIsNoUnhandledError() {
        let socket = """
            final class SocketManager<Model: Decodable>: AsyncSequence {
              typealias AsyncIterator = AsyncStream<Result<Model, Error>>.AsyncIterator
            }
            """
        func findings(_ built: String) -> Int {
            let feature = """
                import ComposableArchitecture
                @Reducer
                struct Chat {
                  enum Action { case connect, received(Result<Message, Error>) }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .connect:
                        return .run { send in
                          let socket = \(built)
                          for try await result in socket { await send(.received(result)) }
                        }
                      case .received: return .none
                      }
                    }
                  }
                }
                """
            let project = index([("Socket.swift", socket), ("Chat.swift", feature)])
            let facts = ProjectIndexer.facts(path: "Chat.swift", bytes: Array(feature.utf8))
            return UnhandledErrorInRunRule().check(AnalyzedFile(facts: facts, project: project)).count
        }
        XCTAssertEqual(findings("SocketManager<Message>(id: 1)"), 0)
        XCTAssertEqual(findings("OtherSocket<Message>(id: 1)"), 1, "a type the project does not declare so")
        XCTAssertEqual(findings("makeSocket()"), 1, "not built by an initializer")
    }
}
