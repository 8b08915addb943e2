package payments.deploy;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link DockerIgnore} against the examples of Docker's documentation of .dockerignore. */
class DockerIgnoreTest {

    @Test
    void singleStarsStayWithinOnePathElementAndDoubleStarsSpanAny() {
        DockerIgnore ignore = new DockerIgnore(List.of("# comment", "*/temp*", "*/*/temp*", "temp?", "**/*.go"));
        assertTrue(ignore.excludes("somedir/temporary.txt"));
        assertTrue(ignore.excludes("somedir/temp"));
        assertFalse(ignore.excludes("temporary.txt"), "*/temp* is one level down only");
        assertTrue(ignore.excludes("somedir/subdir/temporary.txt"));
        assertTrue(ignore.excludes("tempa"));
        assertFalse(ignore.excludes("tempab"));
        assertTrue(ignore.excludes("main.go"));
        assertTrue(ignore.excludes("a/b/c.go"));
        assertFalse(ignore.excludes("a/b/c.java"));
    }

    @Test
    void theLastMatchingLineDecidesAndExceptionsLetFilesBackIn() {
        DockerIgnore ignore = new DockerIgnore(List.of("*.md", "!README*.md", "README-secret.md"));
        assertTrue(ignore.excludes("notes.md"));
        assertFalse(ignore.excludes("README.md"));
        assertFalse(ignore.excludes("README-public.md"));
        assertTrue(ignore.excludes("README-secret.md"));
    }

    @Test
    void aMatchedDirectoryTakesItsTreeAndAnExceptionBringsPartOfItBack() {
        DockerIgnore ignore = new DockerIgnore(List.of("*", "!target/app/", "target/app/lib/mac-*"));
        assertTrue(ignore.excludes("src/main/java/A.java"));
        assertTrue(ignore.excludes("target/classes/A.class"));
        assertFalse(ignore.excludes("target/app/run.jar"));
        assertFalse(ignore.excludes("target/app/lib/linux-x.jar"));
        assertTrue(ignore.excludes("target/app/lib/mac-x.jar"));
        assertTrue(ignore.excludes("/src/x"), "a leading slash is the context's root");
    }
}
