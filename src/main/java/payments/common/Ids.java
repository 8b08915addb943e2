package payments.common;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Creates and checks `<Type>:<uuid>` identifiers. New ids use time-ordered UUIDv7 so that
 * newest-first paging by id is also newest-first by creation time.
 */
public final class Ids {

    private static final Pattern UUID_TEXT =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private Ids() {
    }

    public static String newId(IdType type) {
        return type.prefix() + ":" + RunTimeRandom.uuidV7().generate();
    }

    public static UUID newUuid() {
        return RunTimeRandom.uuidV7().generate();
    }

    public static boolean isValid(IdType type, String id) {
        if (id == null || !id.startsWith(type.prefix() + ":")) {
            return false;
        }
        return UUID_TEXT.matcher(id.substring(type.prefix().length() + 1)).matches();
    }

    /**
     * Checks an id taken from a request. A malformed id, or one of another type, can never name
     * an existing resource, so it is reported as the resource being absent.
     */
    public static String requireValid(IdType type, String id, ErrorCode notFoundCode) {
        if (!isValid(type, id)) {
            throw new ApiException(notFoundCode, type.prefix() + " " + id + " not found");
        }
        return id;
    }

    /** The UUID inside a request's `<Type>:<uuid>` id; a malformed or foreign id is a 404. */
    public static UUID uuidOf(IdType type, String id, ErrorCode notFoundCode) {
        requireValid(type, id, notFoundCode);
        return UUID.fromString(id.substring(type.prefix().length() + 1));
    }

    /**
     * Loads what a request's id names: a malformed id or nothing found is a 404 with the given code
     * ("{@code <what> <id> not found}"). Pass {@code id -> Entity.findById(id)}, not
     * {@code Entity::findById}: Panache only enhances calls made on the entity class, and the method
     * reference binds to the base class, which throws.
     */
    public static <T> io.smallrye.mutiny.Uni<T> find(IdType type, String id, ErrorCode notFoundCode, String what,
                                                     java.util.function.Function<UUID, io.smallrye.mutiny.Uni<T>> finder) {
        return finder.apply(uuidOf(type, id, notFoundCode)).map(found -> {
            if (found == null) {
                throw new ApiException(notFoundCode, what + " " + id + " not found");
            }
            return found;
        });
    }
}
