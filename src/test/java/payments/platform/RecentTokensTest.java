package payments.platform;

import org.junit.jupiter.api.Test;
import payments.common.security.Permission;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RecentTokensTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final RecentTokens tokens = new RecentTokens(now::get);

    @Test
    void aTokenIsKeptForUnderOneSecond() {
        UUID id = UUID.randomUUID();
        tokens.put("client", id, Set.of(Permission.VIEW), new byte[]{1});
        now.addAndGet(RecentTokens.TTL_NANOS - 1);
        assertEquals(id, tokens.get("client").id());
        now.addAndGet(1);
        assertNull(tokens.get("client"));
    }

    @Test
    void aDeletedTokenIsForgottenAtOnce() {
        UUID deleted = UUID.randomUUID();
        UUID kept = UUID.randomUUID();
        tokens.put("a", deleted, Set.of(Permission.VIEW), new byte[]{1});
        tokens.put("b", kept, Set.of(Permission.VIEW), new byte[]{2});
        tokens.forget(deleted);
        assertNull(tokens.get("a"));
        assertEquals(kept, tokens.get("b").id());
        assertNull(tokens.get("unknown"));
    }
}
