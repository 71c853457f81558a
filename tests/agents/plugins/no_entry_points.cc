// A shared library that is no agent plugin: it exports no vgdl_agent_api.
extern "C" __attribute__((visibility("default"))) int not_an_agent() {
  return 42;
}
