package payments.common.web;

/**
 * The API's version and the base path every operation is under. {@code quarkus.rest.path} in
 * application.properties says the same (NativeConfigTest keeps the two equal); code reads it from here
 * because that setting is fixed at build time, and a native binary has no build-time settings to
 * read at run time.
 */
public final class ApiPath {

    public static final String VERSION = "2025-10-13";
    /** "/2025-10-13". */
    public static final String BASE = "/" + VERSION;
    /** "/2025-10-13/": where relative links start. */
    public static final String BASE_WITH_SLASH = BASE + "/";

    private ApiPath() {
    }
}
