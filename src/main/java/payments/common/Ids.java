package payments.common;

import java.util.UUID;

/**
 * Creates and checks `<Type>:<uuid>` identifiers. New ids use time-ordered UUIDv7 so that
 * newest-first paging by id is also newest-first by creation time.
 */
public final class Ids {

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
        return isUuidText(id, type.prefix().length() + 1);
    }

    /**
     * Whether {@code text} from {@code start} to its end is a UUID in 8-4-4-4-12 hex digits (either
     * case). Checked on every id of every request: a loop, where a regular expression cost 3% of a
     * transfer's CPU.
     */
    static boolean isUuidText(String text, int start) {
        if (text.length() - start != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(start + i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
            if (dash ? c != '-' : !hex) {
                return false;
            }
        }
        return true;
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
