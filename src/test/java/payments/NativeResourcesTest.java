package payments;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A native image holds only the resources it is told to (quarkus.native.resources.includes), beside
 * what Quarkus puts in itself (configuration, Flyway migrations, Qute templates, META-INF). Every
 * other file of src/main/resources is read by this server's code at run time, so each must be included
 * (but the reference interface, read only by the build: common/web/ReferenceDocument).
 */
class NativeResourcesTest {

    private static final List<String> PUT_IN_BY_QUARKUS = List.of("application.properties", "META-INF/", "db/migration/", "templates/");
    /** Read while the application is built, never when it runs: the reference interface the OpenAPI document is built from. */
    private static final List<String> READ_AT_BUILD_TIME = List.of("reference/");

    @Test
    void everyResourceTheCodeReadsIsInTheNativeImage() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(Path.of("src/main/resources/application.properties"))) {
            properties.load(in);
        }
        List<Pattern> includes = Stream.of(properties.getProperty("quarkus.native.resources.includes", "").split(","))
                .map(String::trim).filter(glob -> !glob.isEmpty()).map(NativeResourcesTest::globToRegex).toList();
        Path root = Path.of("src/main/resources");
        Set<String> missing = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile).map(file -> root.relativize(file).toString().replace('\\', '/'))
                    .filter(name -> PUT_IN_BY_QUARKUS.stream().noneMatch(name::startsWith))
                    .filter(name -> READ_AT_BUILD_TIME.stream().noneMatch(name::startsWith))
                    .filter(name -> includes.stream().noneMatch(include -> include.matcher(name).matches()))
                    .forEach(missing::add);
        }
        assertEquals(Set.of(), missing, "add them to quarkus.native.resources.includes");
    }

    /** Quarkus's glob syntax for the includes: ** crosses folders, * does not. */
    private static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
