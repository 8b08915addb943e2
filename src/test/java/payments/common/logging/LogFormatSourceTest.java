package payments.common.logging;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** JSON logs in production, text in the sandbox, SVC_LOG_FORMAT over both. */
class LogFormatSourceTest {

    private static String jsonEnabled(Map<String, String> settings) {
        return new LogFormatSource(settings::get).getValue(LogFormatSource.PROPERTY);
    }

    @Test
    void followsTheModeUnlessTheFormatIsSet() {
        assertEquals("false", jsonEnabled(Map.of()));
        assertEquals("false", jsonEnabled(Map.of("svc.mode", "sandbox")));
        assertEquals("true", jsonEnabled(Map.of("svc.mode", " Production ")));
        assertEquals("false", jsonEnabled(Map.of("svc.mode", "production", "svc.log-format", "text")));
        assertEquals("true", jsonEnabled(Map.of("svc.mode", "sandbox", "svc.log-format", "JSON")));
        assertNull(new LogFormatSource(Map.<String, String>of()::get).getValue("quarkus.log.level"));
    }
}
