import XCTest
@testable import TCALint

/// Which files an Xcode project holds, read from its `project.pbxproj` (an old-style property list).
final class XcodeProjectFilesTests: XCTestCase {
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objects = {
        /* Begin PBXGroup section */
        		ROOT /* Project object */ = {isa = PBXProject; mainGroup = MAIN; };
        		MAIN = {
        			isa = PBXGroup;
        			children = (
        				APP /* App */,
        				LINKED /* Shared */,
        				KIT,
        				SYNC /* Synced */,
        				SDK /* UIKit.framework */,
        			);
        			sourceTree = "<group>";
        		};
        		APP /* App */ = {isa = PBXGroup; children = (A1, NOPATH); path = "My App"; sourceTree = "<group>"; };
        		NOPATH /* Views */ = {isa = PBXGroup; children = (A2); name = Views; sourceTree = "<group>"; };
        		A1 /* Main.swift */ = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
        		A2 /* List View.swift */ = {isa = PBXFileReference; path = "List View.swift"; sourceTree = "<group>"; };
        		LINKED /* Shared */ = {isa = PBXGroup; children = (L1); path = ../Shared; sourceTree = "<group>"; };
        		L1 = {isa = PBXFileReference; path = Model.swift; sourceTree = "<group>"; };
        		KIT = {isa = PBXFileReference; path = Kit/Kit.swift; sourceTree = SOURCE_ROOT; };
        		SYNC /* Synced */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Features; sourceTree = "<group>"; };
        		SDK = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        		CFG = {isa = XCBuildConfiguration; buildSettings = {OTHER = "a \\"quoted\\" value"; LIST = (x, "y"); }; };
        	};
        	rootObject = ROOT /* Project object */;
        }

        """

    func testFilesAreResolvedThroughTheirGroupsAndSyncedFoldersHoldEverythingBelow() throws {
        let files = try XCTUnwrap(XcodeProjectFiles(pbxproj: Self.project, sourceRoot: "/w/app"))
        XCTAssertEqual(files.files, ["/w/app/My App/Main.swift", "/w/app/My App/List View.swift", "/w/Shared/Model.swift",
                                     "/w/app/Kit/Kit.swift"])
        XCTAssertEqual(files.syncedFolders, ["/w/app/Features"])
        XCTAssertTrue(files.holds("/w/app/My App/Main.swift"))
        XCTAssertTrue(files.holds("/w/app/Features/Deep/Row.swift"))
        XCTAssertFalse(files.holds("/w/app/My App/Old.swift"))
        XCTAssertFalse(files.holds("/w/app/FeaturesOld/Row.swift"))
        XCTAssertFalse(files.holds("/w/app/Main.swift"))
    }

    /// Xcode escapes a control character in a name as `\U0010` (WINEY's `TabBar` folder), and writes octal escapes.
    func testEscapedCharactersInNamesAreDecoded() throws {
        let text = #"{ objects = { R = {isa = PBXProject; mainGroup = M; }; M = {isa = PBXGroup; children = (G, O); }; "#
            + #"G = {isa = PBXGroup; children = (F); path = "\U0010T\U0010abBar"; sourceTree = "<group>"; }; "#
            + #"F = {isa = PBXFileReference; path = "Tab \"Bar\".swift"; sourceTree = "<group>"; }; "#
            + #"O = {isa = PBXFileReference; path = "Octal\101.swift"; sourceTree = "<group>"; }; }; rootObject = R; }"#
        let files = try XCTUnwrap(XcodeProjectFiles(pbxproj: text, sourceRoot: "/w"))
        XCTAssertEqual(files.files, ["/w/\u{10}T\u{10}abBar/Tab \"Bar\".swift", "/w/OctalA.swift"])
    }

    func testTextThatIsNotAProjectGivesNothing() {
        XCTAssertNil(XcodeProjectFiles(pbxproj: "IPHONEOS_DEPLOYMENT_TARGET = 16.0;", sourceRoot: "/w"))
        XCTAssertNil(XcodeProjectFiles(pbxproj: "{ objects = { A = {isa = PBXGroup; }; }; rootObject = B; }", sourceRoot: "/w"))
        XCTAssertNil(XcodeProjectFiles(pbxproj: "{ objects = { \"unterminated", sourceRoot: "/w"))
        XCTAssertNil(XcodeProjectFiles(pbxproj: String(repeating: "(", count: 100_000), sourceRoot: "/w"))
        XCTAssertNil(XcodeProjectFiles(pbxproj: "", sourceRoot: "/w"))
    }

    /// A project that cannot be read says nothing about the files near it: none is left out.
    func testAnUnreadableProjectLeavesNothingOut() {
        XCTAssertFalse(XcodeProjectFiles.leaveOut("/nowhere/App/View.swift", projectFile: "/nowhere/App.xcodeproj/project.pbxproj"))
    }

    /// Every folder under an Xcode project reaches the same `project.pbxproj`: it is read once a run, for both its
    /// deployment targets and its files. Changed on disk after the first question, it still answers as first read.
    func testAProjectIsReadOnceForEveryQuestion() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcodeproject-once-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pbxproj = Paths.join(root, "App.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(atPath: Paths.directory(of: pbxproj), withIntermediateDirectories: true)
        for folder in ["My App/Views", "Other"] {
            try FileManager.default.createDirectory(atPath: Paths.join(root, folder), withIntermediateDirectories: true)
        }
        let settings = "\t\tCFG2 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; };\n"
        try Self.project.replacingOccurrences(of: "\t};\n\trootObject", with: settings + "\t};\n\trootObject")
            .write(toFile: pbxproj, atomically: true, encoding: .utf8)
        XCTAssertEqual(DeploymentTarget.search(from: Paths.join(root, "My App"))?.description, "iOS 16.0")
        try "{ not a project".write(toFile: pbxproj, atomically: true, encoding: .utf8)
        XCTAssertEqual(DeploymentTarget.search(from: Paths.join(root, "Other"))?.description, "iOS 16.0")
        XCTAssertFalse(XcodeProjectFiles.leaveOut(Paths.join(root, "My App/Main.swift"), projectFile: pbxproj))
        XCTAssertTrue(XcodeProjectFiles.leaveOut(Paths.join(root, "Other/Stray.swift"), projectFile: pbxproj))
    }
}
