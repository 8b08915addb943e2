package payments.bankfile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
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
            // Links are listed (and refused when read, so quarantined), never followed.
            return files.filter(file -> !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)).map(file -> file.getFileName().toString())
                    .filter(name -> !name.startsWith(".")).sorted().toList();
        }
    }

    @Override
    public byte[] read(String folder, String name, long maxBytes) throws IOException {
        Path file = root.resolve(folder).resolve(name);
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                throw new Refused(attributes.isSymbolicLink() ? "a symbolic link, not a file" : "not a regular file");
            }
            if (attributes.size() > maxBytes) {
                throw new Refused(attributes.size() + " bytes, larger than the " + maxBytes
                        + " a bank file may have (svc.bank-files.max-file-bytes)");
            }
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                return BankFileTransport.bounded(in, maxBytes);
            }
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
    public boolean move(String folder, String name, String toFolder, String targetName) throws IOException {
        Path target = Files.createDirectories(root.resolve(toFolder));
        try {
            Files.move(root.resolve(folder).resolve(name), target.resolve(targetName), StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (NoSuchFileException movedAlready) {
            return false; // another instance moved it first
        }
    }
}
