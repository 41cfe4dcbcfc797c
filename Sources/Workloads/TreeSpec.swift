import ArrangementModel
import Foundation
import SceneFormat
import Support

/// A tree family or a scene file.
public enum TreeSpec: Equatable, Sendable, CustomStringConvertible {
    case balanced(depth: Int)
    case chain(depth: Int)
    case random(arrangements: Int)
    /// A scene file under `Benchmarks/Scenes/`, by name (without `.json`).
    case scene(String)

    /// Parses `balanced-d8`, `chain-d32`, `random-n100` or a scene name.
    public init(_ name: String) throws(InputError) {
        func number(after prefix: String) -> Int? {
            guard name.hasPrefix(prefix) else { return nil }
            return Int(name.dropFirst(prefix.count))
        }
        if let depth = number(after: "balanced-d") {
            guard TreeFactory.balancedDepths.contains(depth) else {
                throw InputError(place: name, rule: "balanced trees have depth \(TreeFactory.balancedDepths)")
            }
            self = .balanced(depth: depth)
        } else if let depth = number(after: "chain-d") {
            guard (1...ArrangementTree.maximumDepth).contains(depth) else {
                throw InputError(place: name, rule: "chain trees have depth 1...\(ArrangementTree.maximumDepth)")
            }
            self = .chain(depth: depth)
        } else if let count = number(after: "random-n") {
            guard (1...1_000_000).contains(count) else {
                throw InputError(place: name, rule: "random trees have 1...1000000 arrangements")
            }
            self = .random(arrangements: count)
        } else {
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("balanced-"), !name.hasPrefix("chain-"),
                !name.hasPrefix("random-")
            else {
                throw InputError(
                    place: name, rule: "unknown tree (expected balanced-dN, chain-dN, random-nN or a scene name)")
            }
            self = .scene(name)
        }
    }

    public var description: String {
        switch self {
        case .balanced(let depth): "balanced-d\(depth)"
        case .chain(let depth): "chain-d\(depth)"
        case .random(let count): "random-n\(count)"
        case .scene(let name): name
        }
    }

    /// Builds the tree; scene files are read from `Benchmarks/Scenes`.
    public func makeTree() throws(InputError) -> ArrangementTree { try makeScene().tree }

    /// The tree with the context its scene file states; a generated tree's scene
    /// states nothing (``Scene/stated`` is empty), so the device decides everything.
    public func makeScene() throws(InputError) -> Scene {
        func generated(_ tree: ArrangementTree) -> Scene {
            Scene(context: LayoutContext(bounds: .zero), tree: tree, stated: [])
        }
        do {
            switch self {
            case .balanced(let depth): return generated(try TreeFactory.balanced(depth: depth))
            case .chain(let depth): return generated(try TreeFactory.chain(depth: depth))
            // Random trees stay within the contract's depth; the seed is the count, so a name is one tree.
            case .random(let count):
                return generated(try TreeFactory.random(arrangements: count, seed: UInt64(count)))
            case .scene(let name):
                let path = try Self.scenePath(name)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw InputError(place: path, rule: "cannot read")
                }
                do {
                    return try SceneDecoder.decode([UInt8](data))
                } catch {
                    throw InputError(place: path, rule: error.description)
                }
            }
        } catch let error as ModelError {
            throw InputError(place: description, rule: error.rule)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(place: description, rule: "\(error)")
        }
    }

    /// Where the shipped scenes live: `Benchmarks/Scenes` under the working
    /// directory, else under the source tree the binary was built from.
    public static var sceneDirectories: [String] {
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return [
            FileManager.default.currentDirectoryPath + "/Benchmarks/Scenes", sourceRoot.path + "/Benchmarks/Scenes",
        ]
    }

    static func scenePath(_ name: String) throws(InputError) -> String {
        for directory in sceneDirectories {
            let path = "\(directory)/\(name).json"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw InputError(
            place: name,
            rule:
                "unknown tree: not a shipped scene (\(shippedScenes.joined(separator: ", "))) and no \(name).json in \(sceneDirectories[0]) or \(sceneDirectories[1]); a tree is balanced-dN (N \(TreeFactory.balancedDepths)), chain-dN (N 1...\(ArrangementTree.maximumDepth)), random-nN or a scene"
        )
    }

    /// Fails as ``makeScene()`` would for a scene that is not there, without building
    /// anything: for checking a plan before it runs.
    public func check() throws(InputError) {
        if case .scene(let name) = self { _ = try Self.scenePath(name) }
    }

    /// The names of the shipped scenes.
    public static var shippedScenes: [String] {
        for directory in sceneDirectories {
            if let files = try? FileManager.default.contentsOfDirectory(atPath: directory), !files.isEmpty {
                return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
            }
        }
        return []
    }
}
