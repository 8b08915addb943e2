package payments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The classes of src/main as compiled (target/classes), for tests that check every one of them. */
public final class CompiledClasses {

    public static final Path ROOT = Path.of("target/classes");

    private CompiledClasses() {
    }

    /** Binary names (nested classes as Outer$Inner), sorted. */
    public static List<String> names() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> ROOT.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "")).sorted().toList();
        }
    }
}
