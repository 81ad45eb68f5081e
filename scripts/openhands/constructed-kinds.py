"""Writes test/support/fixtures/openhands/constructed-kinds-1.11.0.json: one conversation's events of every kind the
transcript shows: those no scripted run here makes (thinking and reasoning on a message and an action, a
browser_navigate action and its BrowserObservation, an MCP tool call and its MCPToolObservation, a Condensation, a
UserRejectObservation, an AgentErrorEvent, the think and task_tracker tools, a PauseEvent, a ConversationErrorEvent)
and those a run makes (an execution_status update, commands that pass and fail, a file viewed, created and edited,
a finish), so that one seeded conversation holds them all (the transcript's constructed-kinds UI scenario),
with OpenHands 1.11.0's own models and checked by validating each dump back through its Event union, then dumped
as the app server's events/search gives them (every field, nulls included).

Run with the 1.11.0 venv: .cache/openhands/1.11.0/venv/bin/python scripts/openhands/constructed-kinds.py
"""
import copy
import json
import sys
from datetime import datetime, timedelta

from pydantic import TypeAdapter

from openhands.sdk import Event
from openhands.sdk.event import ActionEvent, AgentErrorEvent, Condensation, MessageEvent, ObservationEvent
from openhands.sdk.event.conversation_error import ConversationErrorEvent
from openhands.sdk.event.conversation_state import ConversationStateUpdateEvent
from openhands.sdk.event.user_action import PauseEvent
from openhands.sdk.event.llm_convertible.observation import UserRejectObservation
from openhands.sdk.llm.message import Message, MessageToolCall, TextContent, ThinkingBlock, RedactedThinkingBlock
from openhands.sdk.mcp.definition import MCPToolAction, MCPToolObservation
from openhands.sdk.tool.builtins.finish import FinishAction, FinishObservation
from openhands.sdk.tool.builtins.think import ThinkAction, ThinkObservation
from openhands.tools.browser_use.definition import BrowserNavigateAction, BrowserObservation
from openhands.tools.file_editor.definition import FileEditorAction, FileEditorObservation
from openhands.tools.task_tracker.definition import TaskItem, TaskTrackerAction, TaskTrackerObservation
from openhands.tools.terminal.definition import TerminalAction, TerminalObservation
from openhands.tools.terminal.metadata import CmdOutputMetadata
from openhands.version import get_version

START = datetime(2026, 11, 24, 9, 0, 0)
events = []


def add(event):
    stamped = event.model_copy(update={"timestamp": (START + timedelta(seconds=len(events))).isoformat(timespec="microseconds")})
    events.append(stamped)
    return stamped


def call(call_id, name, arguments):
    return MessageToolCall(id=call_id, name=name, arguments=json.dumps(arguments), origin="completion")


user = add(MessageEvent(source="user", llm_message=Message(role="user", content=[TextContent(text="Read the release notes page and tell me what changed.")])))
add(ConversationStateUpdateEvent(key="execution_status", value="running"))
add(MessageEvent(
    source="agent",
    llm_message=Message(
        role="assistant",
        content=[TextContent(text="I will open the release notes, then fetch the changelog through the MCP server.")],
        reasoning_content="The person wants a summary. The page is public; a browser visit is enough.",
        thinking_blocks=[ThinkingBlock(thinking="Start with the release notes page.", signature="sig-constructed-1"), RedactedThinkingBlock(data="cmVkYWN0ZWQ=")],
    ),
    llm_response_id="chatcmpl-constructed-1",
))
browse_args = {"url": "https://example.com/releases", "new_tab": False, "security_risk": "LOW"}
browse = add(ActionEvent(
    thought=[TextContent(text="Opening the release notes.")],
    reasoning_content="Navigate first; read the page content next.",
    thinking_blocks=[ThinkingBlock(thinking="browser_navigate takes a URL.", signature="sig-constructed-2")],
    action=BrowserNavigateAction(url=browse_args["url"], new_tab=False),
    tool_name="browser_navigate", tool_call_id="call_browse_1", tool_call=call("call_browse_1", "browser_navigate", browse_args),
    llm_response_id="chatcmpl-constructed-2", security_risk="LOW", summary="Open the release notes page",
))
add(ObservationEvent(
    observation=BrowserObservation(content=[TextContent(text="Navigated to https://example.com/releases\n\n# Releases\n\n## 1.11.0\n- Faster startup")]),
    action_id=browse.id, tool_name="browser_navigate", tool_call_id="call_browse_1",
))
mcp_args = {"url": "https://example.com/CHANGELOG.md"}
mcp = add(ActionEvent(
    thought=[TextContent(text="Fetching the changelog through the fetch MCP server.")],
    action=MCPToolAction(data=mcp_args),
    tool_name="fetch", tool_call_id="call_mcp_1", tool_call=call("call_mcp_1", "fetch", mcp_args),
    llm_response_id="chatcmpl-constructed-3", security_risk="UNKNOWN", summary="fetch: CHANGELOG.md",
))
add(ObservationEvent(
    observation=MCPToolObservation(tool_name="fetch", content=[TextContent(text="# Changelog\n\n## 1.11.0\n- Faster startup\n- Fewer requests")]),
    action_id=mcp.id, tool_name="fetch", tool_call_id="call_mcp_1",
))
add(Condensation(
    forgotten_event_ids={browse.id, events[3].id}, summary="The agent opened the release notes page: 1.11.0 brings faster startup.",
    summary_offset=1, llm_response_id="chatcmpl-constructed-4",
))
risky_args = {"command": "rm -rf build", "security_risk": "HIGH"}
risky = add(ActionEvent(
    thought=[TextContent(text="Clearing the old build before trying the new release.")],
    action=TerminalAction(command="rm -rf build"),
    tool_name="terminal", tool_call_id="call_rm_1", tool_call=call("call_rm_1", "terminal", risky_args),
    llm_response_id="chatcmpl-constructed-5", security_risk="HIGH", summary="Remove the build folder",
))
add(UserRejectObservation(
    action_id=risky.id, tool_name="terminal", tool_call_id="call_rm_1", rejection_reason="Keep the build folder.",
))
add(AgentErrorEvent(
    tool_name="browser_click", tool_call_id="call_click_1",
    error="Tool 'browser_click' not found. Available: ['terminal', 'file_editor', 'finish', 'browser_navigate', 'fetch']",
))
WORKSPACE = "/workspace/project"
responses = iter(range(7, 100))


def acted(tool, arguments, action, thought, observation, summary):
    """An action the agent called `tool` for, with its observation."""
    call_id = f"call_{tool}_{len(events)}"
    event = add(ActionEvent(
        thought=[TextContent(text=thought)], action=action, tool_name=tool, tool_call_id=call_id,
        tool_call=call(call_id, tool, arguments), llm_response_id=f"chatcmpl-constructed-{next(responses)}",
        security_risk="LOW" if "security_risk" in arguments else "UNKNOWN", summary=summary,
    ))
    add(ObservationEvent(observation=observation, action_id=event.id, tool_name=tool, tool_call_id=call_id))


def ran(command, output, exit_code, summary):
    acted("terminal", {"command": command, "security_risk": "LOW"}, TerminalAction(command=command), f"Running {command}.",
          TerminalObservation(content=[TextContent(text=output)], command=command, exit_code=exit_code,
                              metadata=CmdOutputMetadata(exit_code=exit_code, pid=-1, username="openhands", hostname="sandbox", working_dir=WORKSPACE)),
          summary)


def edited(command, path, old, new, text, summary, **arguments):
    acted("file_editor", {"command": command, "path": path, **arguments, "security_risk": "LOW"},
          FileEditorAction(command=command, path=path, **arguments), f"{command} {path}.",
          FileEditorObservation(command=command, path=path, prev_exist=old is not None or command == "view", old_content=old,
                                new_content=new, content=[TextContent(text=text)]),
          summary)


ran("git log --oneline -1", "a1b2c3d Release 1.11.0", 0, "Show the last commit")
ran("ls build", "ls: cannot access 'build': No such file or directory", 2, "List the build folder")
think = add(ActionEvent(
    thought=[], action=ThinkAction(thought="The build folder is gone; the notes file is the place for the summary."),
    tool_name="think", tool_call_id="call_think_1", tool_call=call("call_think_1", "think", {"thought": "The build folder is gone; the notes file is the place for the summary."}),
    llm_response_id="chatcmpl-constructed-think",
))
add(ObservationEvent(observation=ThinkObservation(), action_id=think.id, tool_name="think", tool_call_id="call_think_1"))
edited("view", f"{WORKSPACE}/README.md", None, None, "     1\t# Widgets\n     2\t\n     3\tSee NOTES.md.\n", "View README.md")
notes = "# Notes\n\n- 1.11.0: faster startup\n"
edited("create", f"{WORKSPACE}/NOTES.md", None, notes, f"File created successfully at: {WORKSPACE}/NOTES.md", "Create NOTES.md", file_text=notes)
edited("str_replace", f"{WORKSPACE}/NOTES.md", notes, notes.replace("startup\n", "startup\n- 1.11.0: fewer requests\n"),
       f"The file {WORKSPACE}/NOTES.md has been edited.", "Add a line to NOTES.md",
       old_str="faster startup\n", new_str="faster startup\n- 1.11.0: fewer requests\n")
tasks = [TaskItem(title="Read the release notes", status="done"), TaskItem(title="Write NOTES.md", status="in_progress")]
acted("task_tracker", {"command": "plan", "task_list": [t.model_dump(mode="json") for t in tasks]},
      TaskTrackerAction(command="plan", task_list=tasks), "Updating the plan.",
      TaskTrackerObservation(command="plan", task_list=tasks, content=[TextContent(text="Task list has been updated with 2 items.")]),
      "Plan the remaining work")
add(PauseEvent())
add(ConversationErrorEvent(source="environment", code="LLMBadRequestError", detail="litellm.BadRequestError: the model answered 400 (constructed)."))
finish = add(ActionEvent(
    thought=[], action=FinishAction(message="Summarised the release in NOTES.md."), tool_name="finish", tool_call_id="call_finish_1",
    tool_call=call("call_finish_1", "finish", {"message": "Summarised the release in NOTES.md."}), llm_response_id="chatcmpl-constructed-finish",
))
add(ObservationEvent(observation=FinishObservation(content=[TextContent(text="Summarised the release in NOTES.md.")]), action_id=finish.id, tool_name="finish", tool_call_id="call_finish_1"))
add(MessageEvent(
    source="agent",
    llm_message=Message(role="assistant", content=[TextContent(text="1.11.0 brings faster startup and fewer requests.")]),
    llm_response_id="chatcmpl-constructed-6",
))

# Each event dumped as the server dumps it, then validated back through the SDK's Event union: the same class, the
# same fields. Once the union's adapter exists, pydantic leaves `kind` out of some dumps (top level and nested), so
# the kinds are compared apart and written from the classes.
def without_kind(value):
    if isinstance(value, dict):
        return {k: without_kind(v) for k, v in value.items() if k != "kind"}
    if isinstance(value, list):
        return [without_kind(v) for v in value]
    return value


adapter = TypeAdapter(Event)
dumped = []
for event in events:
    name = type(event).__name__
    data = without_kind(event.model_dump(mode="json"))
    for part in ("action", "observation"):
        if isinstance(data.get(part), dict):
            data[part]["kind"] = type(getattr(event, part)).__name__
    data["kind"] = name
    again = adapter.validate_python(copy.deepcopy(data))  # validation takes `kind` out of the dict it is given
    assert type(again).__name__ == name and without_kind(again.model_dump(mode="json")) == without_kind(data), name
    for part in ("action", "observation"):
        assert not isinstance(data.get(part), dict) or type(getattr(again, part)).__name__ == data[part]["kind"], (name, part)
    dumped.append(data)

json.dump({
    "_provenance": (
        f"CONSTRUCTED, not recorded from a run: built with OpenHands {get_version()}'s own event, tool and MCP models by "
        "scripts/openhands/constructed-kinds.py, each validated back through the SDK's Event union; the kinds no "
        "scripted run here makes. Dumped as the app server's events/search gives them (nulls and parent_id kept)."
    ),
    "events": dumped,
}, sys.stdout, indent=1, ensure_ascii=False)
print()
