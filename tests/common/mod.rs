//! What the root's tests share: the repository's files a user reads.

use std::fs;
use std::path::PathBuf;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md`, `CHANGELOG.md`, `Cargo.toml` and every file below `dirs`, sorted;
/// build output, fuzz corpora and hidden folders below them are skipped.
pub fn repo_files(dirs: &[&str]) -> Vec<PathBuf> {
    const SKIP: &[&str] = &["target", "corpus", "artifacts", "coverage"];
    let mut files: Vec<PathBuf> =
        ["README.md", "CHANGELOG.md", "Cargo.toml"].iter().map(|f| root().join(f)).collect();
    let mut todo: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    while let Some(dir) = todo.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !path.is_dir() {
                files.push(path);
            } else if !SKIP.contains(&name) && !name.starts_with('.') {
                todo.push(path);
            }
        }
    }
    files.sort();
    files
}
