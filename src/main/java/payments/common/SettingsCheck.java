package payments.common;

import java.util.List;

/**
 * A part of the server that can tell, before anything is served, what in its settings would make
 * it fail or run unsafely later. {@link StartupSettings} asks every one at start and refuses to
 * start with all their problems in one message.
 */
public interface SettingsCheck {

    /** Every problem found, each naming the setting and what to set (none: the settings are fine). */
    List<String> problems();
}
