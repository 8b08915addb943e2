package payments.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Conversions between the Instants the code uses and the values the Postgres client binds. */
public final class Times {

    private Times() {
    }

    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    public static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }
}
