package payments.tools;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which credentials listen reads with, and when it warns about where it sends them (no server needed). */
class ListenSettingsTest {

    private static final Map<String, String> API = Map.of("SVC_API_CLIENT_ID", "bootstrap", "SVC_API_CLIENT_SECRET", "all-powers");

    @Test
    void aViewTokenIsPreferredAndTheFullTokenOnlyWithAWarningSayingHowToMakeOne() {
        Map<String, String> both = new java.util.HashMap<>(API);
        both.put("SVC_VIEW_CLIENT_ID", "viewer");
        both.put("SVC_VIEW_CLIENT_SECRET", "reads-only");
        Listen.Credentials view = Listen.credentials(both::get);
        assertEquals("viewer", view.clientId());
        assertEquals("reads-only", view.clientSecret());
        assertNull(view.warning());

        Listen.Credentials fallback = Listen.credentials(API::get);
        assertEquals("bootstrap", fallback.clientId());
        assertNotNull(fallback.warning());
        assertTrue(fallback.warning().contains("SVC_VIEW_CLIENT_ID") && fallback.warning().contains("\"permissions\":[\"VIEW\"]"),
                fallback.warning());

        // Half a VIEW pair is a mistake to say, not a reason to read with every permission.
        Map<String, String> half = new java.util.HashMap<>(API);
        half.put("SVC_VIEW_CLIENT_ID", "viewer");
        half.put("SVC_VIEW_CLIENT_SECRET", " ");
        assertThrows(IllegalArgumentException.class, () -> Listen.credentials(half::get));
        assertThrows(IllegalArgumentException.class, () -> Listen.credentials(name -> null));
    }

    @Test
    void plainHttpIsWarnedAboutUnlessTheHostIsLoopbackByName() {
        for (String local : new String[] {"http://localhost:8080/2025-10-13", "http://LOCALHOST/x", "http://app.localhost:8080/x",
                "http://127.0.0.1:8080/x", "http://127.8.9.10/x", "http://[::1]:8080/x", "https://payments.example.com/2025-10-13"}) {
            assertNull(Listen.plainHttpWarning(local), local);
        }
        for (String remote : new String[] {"http://payments.example.com/2025-10-13", "http://10.0.0.5:8080/x", "http://192.168.1.2/x",
                "http://localhost.example.com/x", "http://127.0.0.1.nip.io/x", "http://[::2]/x"}) {
            String warning = Listen.plainHttpWarning(remote);
            assertNotNull(warning, remote);
            assertTrue(warning.contains("https://"), warning);
        }
        assertFalse(Listen.isLoopback(null));
    }
}
