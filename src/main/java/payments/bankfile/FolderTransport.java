package payments.bankfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** Bank files in folders on this machine (a mounted share, or what a separate transfer agent syncs). */
final class FolderTransport implements BankFileTransport {

    private final Path root;

    FolderTransport(Path root) {
        this.root = root;
    }

    @Override
    public List<String> list(String folder) throws IOException {
        Path dir = root.resolve(folder);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .filter(name -> !name.startsWith(".")).sorted().toList();
        }
    }

    @Override
    public byte[] read(String folder, String name) throws IOException {
        try {
            return Files.readAllBytes(root.resolve(folder).resolve(name));
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    @Override
    public void write(String folder, String name, byte[] content) throws IOException {
        Path dir = Files.createDirectories(root.resolve(folder));
        Path partial = dir.resolve("." + name + ".part");
        Files.write(partial, content);
        Files.move(partial, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public void move(String folder, String name, String toFolder, String targetName) throws IOException {
        Path target = Files.createDirectories(root.resolve(toFolder));
        try {
            Files.move(root.resolve(folder).resolve(name), target.resolve(targetName), StandardCopyOption.REPLACE_EXISTING);
        } catch (NoSuchFileException movedAlready) {
            // Another instance moved it first.
        }
    }
}
