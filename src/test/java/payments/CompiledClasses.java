package payments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** The classes themselves, not initialized; those that cannot load (a missing optional dependency) left out. */
    public static List<Class<?>> loadable() throws IOException {
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names()) {
            try {
                classes.add(Class.forName(name, false, CompiledClasses.class.getClassLoader()));
            } catch (ClassNotFoundException | LinkageError e) {
                // Not loadable here: nothing of it can run either.
            }
        }
        return classes;
    }
}
